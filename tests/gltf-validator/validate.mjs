// Validates glTF/GLB files with the Khronos validator and prints one line per file:
// "FILE errors=N warnings=N infos=N hints=N" followed by the error messages. Exit 1 if any
// file has an error. External resources are read beside the file.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import validator from 'gltf-validator';

let files = process.argv.slice(2);
if (files[0] === '--list') files = (await readFile(files[1], 'utf8')).split('\n').filter((l) => l.length > 0);
let failed = false;
for (const file of files) {
  const bytes = new Uint8Array(await readFile(file));
  const report = await validator.validateBytes(bytes, {
    uri: file,
    maxIssues: 0,
    externalResourceFunction: (uri) => readFile(path.join(path.dirname(file), decodeURIComponent(uri))).then((b) => new Uint8Array(b)),
  });
  const n = report.issues;
  console.log(`${file} errors=${n.numErrors} warnings=${n.numWarnings} infos=${n.numInfos} hints=${n.numHints}`);
  for (const m of n.messages)
    if (m.severity === 0) console.log(`  error ${m.code} at ${m.pointer}: ${m.message}`);
  if (n.numErrors > 0) failed = true;
}
process.exit(failed ? 1 : 0);
