/** To the top of the page, smoothly unless the user asked for reduced motion. */
export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
}
