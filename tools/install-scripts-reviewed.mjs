// Fails when a dependency brings an install script that package.json's `allowScripts` does not
// name (npm runs none it does not allow; a new one must be reviewed, then allowed or denied).
import { execFileSync } from 'node:child_process';

const listed = execFileSync('npm', ['install-scripts', 'ls'], { encoding: 'utf8' }).trim();
if (!listed.startsWith('No packages with unreviewed install scripts')) {
  console.error(`${listed}\n\nReview each script, then name it in package.json's allowScripts.`);
  process.exitCode = 1;
}
