import type { ComponentProps } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ComponentProps<'button'> {
  /** primary: the one main action of a screen or dialog; secondary: the rest; ghost: quiet ones. */
  readonly variant?: ButtonVariant;
  /** Fills the width of its row (dialog actions, stacked phone layouts). */
  readonly block?: boolean;
}

/** The app's one button (the `.button` classes of src/styles/global.css): 44 px tall at least, light and dark. */
export function Button({ variant = 'secondary', block = false, className, type = 'button', ...rest }: ButtonProps) {
  const classes = ['button', variant, block ? 'block' : null, className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...rest} />;
}
