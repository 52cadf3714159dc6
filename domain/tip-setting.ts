import type { CurrencyCode } from './currency';
import type { MinorUnits } from './money';
import { subtotalOf, type SplitItem } from './split';
import { tipFromAmount, tipFromPercent, type TipMode } from './tip';
import { defaultTipPercent } from './tip-default';

/** The tip as the organiser set it on the Summary: a percentage of the subtotal, or an amount typed. */
export interface TipSetting {
  readonly mode: TipMode;
  readonly percent: number;
  /** What the person typed in amount mode, in the bill's currency. */
  readonly amountText: string;
  /** Until the person picks a tip, the bill's default applies: none over a service charge, else 10%. */
  readonly chosen: boolean;
}

/** The percentage in use: the person's choice, else the bill's default (none over a printed service charge). */
export function tipSettingPercent(setting: TipSetting, items: readonly SplitItem[]): number {
  return setting.chosen ? setting.percent : defaultTipPercent(items.some((i) => i.kind === 'service' && i.pricePence > 0));
}

/** The tip in the bill's minor unit, as the setting makes it of these items' subtotal. */
export function tipSettingPence(setting: TipSetting, items: readonly SplitItem[], currency: CurrencyCode): MinorUnits {
  if (setting.mode === 'amount' && setting.chosen) return tipFromAmount(Number(setting.amountText), currency);
  return tipFromPercent(subtotalOf(items), tipSettingPercent(setting, items));
}
