// CSS imports in islands are bundled by Astro; its client types declare them for tsc.
/// <reference types="astro/client" />
