// The deployment files, checked without Docker or a cluster: the schemas (validate.mjs) and the
// promises the platform relies on once deployed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import YAML from 'yaml';

const deployDir = path.resolve(__dirname, '../deploy');
const k8sDir = path.join(deployDir, 'k8s');
const SECRET_NAMES = /SECRET|PASSWORD|_KEY|DATABASE_URL|SMTP_URL/;

interface Probe {
  httpGet?: { path: string };
}
interface Container {
  name: string;
  image: string;
  command?: string[];
  env?: { name: string; value?: string; valueFrom?: unknown }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: { allowPrivilegeEscalation?: boolean; readOnlyRootFilesystem?: boolean };
  volumeMounts?: { mountPath: string }[];
}
interface PodSpec {
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
  containers: Container[];
}
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  spec: {
    template: { spec: PodSpec };
    scaleTargetRef?: { name: string };
    rules?: { http: { paths: { backend: { service: { name: string } } }[] } }[];
  };
}

function readAll(file: string): unknown[] {
  return YAML.parseAllDocuments(fs.readFileSync(file, 'utf8')).map((doc) => doc.toJS());
}

const objects = fs
  .readdirSync(k8sDir)
  .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
  .flatMap((file) => readAll(path.join(k8sDir, file)) as K8sObject[]);
const ofKind = (kind: string) => objects.filter((object) => object.kind === kind);
const deployments = ofKind('Deployment');

function defined<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is missing`);
  return value;
}

describe('the deployment files', () => {
  it('are valid Kubernetes objects and a valid Compose file', () => {
    const result = spawnSync(process.execPath, [path.join(deployDir, 'validate.mjs')], {
      encoding: 'utf8',
    });
    expect(result.stderr.trim()).toBe('deployment files valid');
    expect(result.status).toBe(0);
  });

  it('deploy the API and the edge, each probed, bounded and run as a user without rights', () => {
    expect(deployments.map((deployment) => deployment.metadata.name).sort()).toEqual([
      'lending-api',
      'lending-edge',
    ]);
    for (const deployment of deployments) {
      const pod = deployment.spec.template.spec;
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true });
      expect(pod.securityContext?.runAsUser).toBeGreaterThan(0);
      for (const container of pod.containers) {
        // The API is ready when what it needs answers; the edge when the API answers through it.
        expect(container.readinessProbe?.httpGet?.path).toBe(
          deployment.metadata.name === 'lending-api' ? '/api/health/ready' : '/api/health',
        );
        expect(container.livenessProbe?.httpGet?.path).toEqual(expect.any(String));
        expect(Object.keys(container.resources?.requests ?? {}).sort()).toEqual(['cpu', 'memory']);
        expect(Object.keys(container.resources?.limits ?? {}).sort()).toEqual(['cpu', 'memory']);
        expect(container.securityContext).toMatchObject({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
        });
      }
    }
    const api = deployments.find((deployment) => deployment.metadata.name === 'lending-api');
    expect(api?.spec.template.spec.containers[0]?.livenessProbe?.httpGet?.path).toBe('/api/health');
  });

  it('scale both on load, migrate in a Job and enter through the edge', () => {
    expect(ofKind('HorizontalPodAutoscaler').map((hpa) => hpa.spec.scaleTargetRef?.name)).toEqual(
      expect.arrayContaining(['lending-api', 'lending-edge']),
    );
    const [job] = ofKind('Job');
    expect(job?.spec.template.spec.containers[0]?.command).toEqual(['node', 'dist/migrate.js']);
    expect(ofKind('Service').map((service) => service.metadata.name)).toEqual(
      expect.arrayContaining(['lending-api', 'lending-edge']),
    );
    const [ingress] = ofKind('Ingress');
    expect(ingress?.spec.rules?.[0]?.http.paths[0]?.backend.service.name).toBe('lending-edge');
  });

  it('run nginx at the edge, in front of the API Service, believing only the ingress', () => {
    const edge = deployments.find((deployment) => deployment.metadata.name === 'lending-edge');
    const container = defined(edge?.spec.template.spec.containers[0], 'the edge container');
    expect(container.image).toBe('lending/edge');
    const env = Object.fromEntries((container.env ?? []).map(({ name, value }) => [name, value]));
    // One address: the Service spreads the edge's connections over the ready API pods.
    expect(env.API_UPSTREAMS).toBe('lending-api:3001');
    expect(env.TRUSTED_PROXIES).toMatch(/^\d+\.\d+\.\d+\.\d+\/\d+$/);
    // The root filesystem is read-only: nginx writes its configuration and bodies elsewhere.
    expect(container.volumeMounts?.map((mount) => mount.mountPath)).toEqual(['/run/edge']);
  });

  it('carry no secret: secrets come from a Secret that is not in the repository', () => {
    expect(ofKind('Secret')).toEqual([]);
    for (const configMap of ofKind('ConfigMap')) {
      expect(Object.keys(configMap.data ?? {}).filter((key) => SECRET_NAMES.test(key))).toEqual([]);
    }
    const pods = [...deployments, ...ofKind('Job')].map((object) => object.spec.template.spec);
    for (const container of pods.flatMap((pod) => pod.containers)) {
      for (const variable of container.env ?? []) {
        if (SECRET_NAMES.test(variable.name)) expect(variable.value).toBeUndefined();
      }
    }
  });

  describe('the compose file', () => {
    const compose = readAll(path.join(deployDir, 'compose.yaml'))[0] as {
      services: Record<
        string,
        {
          image?: string;
          command?: string[];
          environment?: Record<string, string>;
          depends_on?: Record<string, { condition: string }>;
          healthcheck?: { test?: string[] };
          build?: { dockerfile?: string };
          tmpfs?: string[];
          read_only?: boolean;
        }
      >;
    };
    const { services } = compose;
    const service = (name: string) => defined(services[name], `the ${name} service`);

    it('runs two API processes behind nginx, with PostgreSQL, Redis and S3 storage', () => {
      expect(service('api-2')).toEqual(service('api-1'));
      expect(service('edge').build?.dockerfile).toBe('infra/deploy/edge.Dockerfile');
      expect(service('edge').environment?.API_UPSTREAMS).toBe('api-1:3001,api-2:3001');
      expect(service('edge')).toMatchObject({ read_only: true, tmpfs: ['/run/edge'] });
      expect(Object.keys(services)).not.toContain('gateway');
      expect(service('postgres').image).toMatch(/^postgres:/);
      expect(service('redis').image).toMatch(/^redis:/);
      expect(service('storage').image).toMatch(/^minio\/minio:/);
      expect(service('api-1').environment).toMatchObject({
        DATABASE_URL: expect.stringContaining('@postgres:5432/'),
        REDIS_URL: 'redis://redis:6379',
        S3_ENDPOINT: 'http://storage:9000',
      });
    });

    it('starts the edge once the API is ready, not merely alive', () => {
      expect(service('api-1').healthcheck?.test?.join(' ')).toContain('/api/health/ready');
      expect(service('edge').depends_on?.['api-1']?.condition).toBe('service_healthy');
      expect(service('edge').depends_on?.['api-2']?.condition).toBe('service_healthy');
    });

    it('migrates once before the API starts', () => {
      expect(service('migrate').command).toEqual(['node', 'dist/migrate.js']);
      expect(service('api-1').depends_on?.migrate?.condition).toBe(
        'service_completed_successfully',
      );
    });

    it('refuses to start without each secret instead of carrying one', () => {
      for (const [name, service] of Object.entries(services)) {
        for (const [variable, value] of Object.entries(service.environment ?? {})) {
          if (!SECRET_NAMES.test(variable) || variable.startsWith('STAFF_ADMIN_')) continue;
          expect({ name, variable, value }).toEqual({
            name,
            variable,
            value: expect.stringMatching(/\$\{[A-Z0-9_]+:\?[^}]+\}/),
          });
        }
      }
    });
  });

  it('builds the edge image on Debian’s nginx with the modules its configuration loads', () => {
    const runtime = fs
      .readFileSync(path.join(deployDir, 'edge.Dockerfile'), 'utf8')
      .split(/^FROM /m)[2];
    expect(runtime).toMatch(
      /apt-get install[^\n]*nginx libnginx-mod-http-js libnginx-mod-http-brotli-static/,
    );
    expect(runtime).toMatch(/^CMD \["node", "infra\/deploy\/nginx\/edge\.mjs"\]$/m);
  });

  it.each(['api.Dockerfile', 'edge.Dockerfile'])(
    '%s builds in one stage and runs from a slim one as the node user',
    (file) => {
      const dockerfile = fs.readFileSync(path.join(deployDir, file), 'utf8');
      const stages = dockerfile.split(/^FROM /m).slice(1);
      expect(stages).toHaveLength(2);
      expect(stages[0]).toMatch(/pnpm install --frozen-lockfile/);
      expect(stages[1]).toMatch(/^node:20[\w.-]*-slim AS runtime/);
      expect(stages[1]).toMatch(/^USER node$/m);
      expect(stages[1]).not.toMatch(/pnpm|COPY \. /);
    },
  );
});
