// `npm run deps`: the dependency rule of .dependency-cruiser.cjs over every source file, .astro
// pages and components included. dependency-cruiser cannot read .astro files, so it reads a copy of
// the tree in which each one is replaced by `<name>.astro.ts` holding just its imports (frontmatter
// and bundled <script> blocks); `./Page.astro` then resolves to it. Violations name the .astro file.
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, format } from 'dependency-cruiser';
import ts from 'typescript';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SOURCE_DIRS = ['domain', 'ports', 'adapters', 'src', 'migrations'];

/** The module specifiers an .astro file imports: its frontmatter's and its bundled scripts'. */
export function astroImports(source) {
  const frontmatter = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
  // is:inline scripts (and JSON or external ones) are not bundled, so their text imports nothing.
  const scripts = [...source.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)].filter(([, attrs = '']) => !/is:inline|define:vars|type=|src=|set:html/.test(attrs)).map(([, , body]) => body);
  const code = [frontmatter, ...scripts].join('\n');
  return ts.preProcessFile(code, true, true).importedFiles.map((f) => f.fileName);
}

/** Copies `dirs` of `baseDir` into `into`, each .astro file as `.astro.ts` with only its imports. */
async function mirror(baseDir, dirs, into) {
  await rm(into, { recursive: true, force: true });
  for (const dir of dirs) {
    const from = path.join(baseDir, dir);
    await cp(from, path.join(into, dir), { recursive: true, filter: (file) => !file.endsWith('.astro') }).catch((error) => {
      if (error.code !== 'ENOENT') throw error;
    });
    for (const file of await astroFiles(from)) {
      const imports = astroImports(await readFile(file, 'utf8'));
      const target = path.join(into, path.relative(baseDir, file)) + '.ts';
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, imports.map((s) => `import ${JSON.stringify(s)};\n`).join(''));
    }
  }
}

async function astroFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && e.name.endsWith('.astro')).map((e) => path.join(e.parentPath, e.name));
}

/** Cruises `dirs` of `baseDir` with the project's rules; paths in the result are relative to baseDir. */
export async function cruiseProject(dirs = SOURCE_DIRS, baseDir = ROOT) {
  baseDir = path.resolve(ROOT, baseDir);
  const into = path.join(ROOT, '.cache', 'deps', path.relative(ROOT, baseDir).split(path.sep).join('_') || 'project');
  // Every source folder is copied, so what the cruised ones import resolves.
  await mirror(baseDir, SOURCE_DIRS, into);
  const ruleSet = require(path.join(ROOT, '.dependency-cruiser.cjs'));
  const { output } = await cruise(dirs, { ...ruleSet.options, ruleSet, validate: true, baseDir: into, tsConfig: undefined });
  return output;
}

/** A violation's file names as in the real tree. */
export const realName = (name) => name.replace(/\.astro\.ts$/, '.astro');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await cruiseProject();
  const { output, exitCode } = await format(result, { outputType: 'err' });
  process.stdout.write(output.replace(/\.astro\.ts\b/g, '.astro'));
  const astro = result.modules.filter((m) => m.source.endsWith('.astro.ts')).length;
  console.log(`(${result.summary.totalCruised} modules cruised, ${astro} of them .astro files)`);
  process.exitCode = exitCode;
}
