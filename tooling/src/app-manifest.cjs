/**
 * The host's web app manifest: what makes Utsav installable on a phone's home screen (name, icons,
 * colours, a standalone window opening at /). Emitted by the host's build as /manifest.webmanifest
 * (no content hash: served no-cache), with the icons from host-shell/public/icons/ content-hashed
 * beside it (cached forever); the host's HTML links it. Icons: scripts/make-icons.mjs. The 512 px icon also keeps
 * its plain name, for link previews (PREVIEW_ICON).
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const MANIFEST_FILE = 'manifest.webmanifest';

/**
 * Utsav as the browser shows it before any code runs: the manifest's name and colours, and the HTML
 * pages' theme-color and background (tooling/src/index.html). The colours are the MUI theme's
 * primary and background (shared-contracts/src/ui/theme.ts).
 */
const BRAND = {
  name: 'Utsav',
  shortName: 'Utsav',
  description: 'Find and book wedding and personal services near you.',
  themeColor: '#9c1f4f',
  backgroundColor: '#fbf7f4',
};
const ICONS = [
  { file: 'icon-192.png', sizes: '192x192', purpose: 'any' },
  { file: 'icon-512.png', sizes: '512x512', purpose: 'any' },
  { file: 'icon-maskable-512.png', sizes: '512x512', purpose: 'maskable' },
];
/**
 * The picture of a link's preview (a page's own head: a shared plan's og:image, '/icons/icon-512.png'), also emitted
 * under its plain name: a crawler keeps a preview's picture by its address, which a new build must not break (an
 * unhashed file, served no-cache).
 */
const PREVIEW_ICON = 'icon-512.png';

class AppManifestPlugin {
  /** @param {{ iconsDir: string }} options  where the PNG icons are */
  constructor({ iconsDir }) {
    this.iconsDir = iconsDir;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('AppManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'AppManifestPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const icons = ICONS.map(({ file, sizes, purpose }) => {
          const source = path.join(this.iconsDir, file);
          compilation.fileDependencies.add(source);
          const body = fs.readFileSync(source);
          const hash = crypto.createHash('sha256').update(body).digest('hex').slice(0, 10);
          const emitted = `icons/${path.basename(file, '.png')}.${hash}.png`;
          compilation.emitAsset(emitted, new RawSource(body));
          if (file === PREVIEW_ICON) compilation.emitAsset(`icons/${file}`, new RawSource(body));
          return { src: `/${emitted}`, sizes, type: 'image/png', purpose };
        });
        const manifest = {
          name: BRAND.name,
          short_name: BRAND.shortName,
          description: BRAND.description,
          id: '/',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          orientation: 'portrait',
          theme_color: BRAND.themeColor,
          background_color: BRAND.backgroundColor,
          lang: 'en-IN',
          icons,
        };
        compilation.emitAsset(MANIFEST_FILE, new RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
      });
    });
  }
}

module.exports = { AppManifestPlugin, BRAND, MANIFEST_FILE };
