// Links marked data-history-back return to the previous page when there is one in this tab.
for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-history-back]')) {
  link.addEventListener('click', (event) => {
    if (history.length > 1 && document.referrer.startsWith(location.origin)) {
      event.preventDefault();
      history.back();
    }
  });
}
export {};
