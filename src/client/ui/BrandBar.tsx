import type { ReactNode } from 'react';

/** The brand bar of the pages a diner opens (src/components/ui/Brand.astro for server-rendered ones). */
export function BrandBar({ children }: { readonly children?: ReactNode }) {
  return (
    <header className="brand-bar">
      <a className="brand" href="/">
        <img src="/icons/icon.svg" width={32} height={32} alt="" />
        <span>Who's Paying</span>
      </a>
      {children}
    </header>
  );
}
