import type { HTMLAttributes } from 'react';

/** A surface for one step or topic (the `.card` class of src/styles/global.css); a <section> by default. */
export function Card({ as: Tag = 'section', className, ...rest }: HTMLAttributes<HTMLElement> & { readonly as?: 'section' | 'div' | 'article' }) {
  return <Tag className={['card', className].filter(Boolean).join(' ')} {...rest} />;
}
