import { readFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import type { Plugin } from 'vite';

/**
 * Renders the hand-drawn SVG icon to the PNG sizes the manifest names, at build time,
 * so no binary image is kept in the repository.
 */
export function pwaIcons(svgPath: string): Plugin {
  const render = (svg: string, size: number) =>
    new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
  return {
    name: 'clinic-pwa-icons',
    apply: 'build',
    generateBundle() {
      const svg = readFileSync(svgPath, 'utf8');
      // Maskable icons need their artwork inside the central 80 %: shrink it onto a full-bleed tile.
      const maskable = svg
        .replace(
          '<rect width="512" height="512" rx="96" fill="#0f766e"/>',
          '<rect width="512" height="512" fill="#0f766e"/><g transform="translate(51 51) scale(0.8)">',
        )
        .replace('</svg>', '</g></svg>');
      const files: Array<[string, Buffer | string]> = [
        ['icons/icon.svg', svg],
        ['icons/icon-192.png', render(svg, 192)],
        ['icons/icon-512.png', render(svg, 512)],
        ['icons/icon-maskable-512.png', render(maskable, 512)],
        ['icons/apple-touch-icon.png', render(svg, 180)],
        ['favicon.png', render(svg, 48)],
      ];
      for (const [fileName, source] of files) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
