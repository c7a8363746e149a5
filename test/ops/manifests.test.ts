/**
 * deploy/ checked without a cluster or a Docker engine:
 * - every Kubernetes manifest (base, and each overlay rendered by merging its patches into the
 *   base) validates against the schema of its kind: the Kubernetes and KEDA OpenAPI schemas
 *   bundled in `kubernetes-models` / `@kubernetes-models/keda` (maintained, offline). Those
 *   schemas do not refuse unknown fields, so the fields that matter (probes, ports,
 *   selectors, targets, the KEDA list) are checked one by one below;
 * - kustomization files and docker-compose.yml validate against strict minimal schemas of
 *   their own (test/ops/schemas/);
 * - docker-compose.yml and the manifests run the same processes with the same commands,
 *   ports and environment variables, and every variable is a setting of @listings/config;
 * - the Dockerfile installs production dependencies for every workspace on Node 24;
 * - the Redis list KEDA scales workers on is where BullMQ keeps waiting collections.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Ajv } from 'ajv';
import { parse, parseAllDocuments } from 'yaml';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { ScaledObject, TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { FIELDS } from '@listings/config';
import { TOKENS } from '@listings/contract';
import { connectRedis, queueName, queuePrefix, whenReady } from '@listings/store';
import { testRedisUrl, uniquePrefix } from '@listings/testing';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const K8S = join(ROOT, 'deploy/k8s');
const SCHEMAS = join(ROOT, 'test/ops/schemas');

type Obj = Record<string, unknown>;
interface Manifest { apiVersion: string; kind: string; metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> }; spec?: Obj; data?: Record<string, string> }

/** The schema of each kind used, as the model class whose validate() checks it. */
const MODELS: Record<string, { new (data: never): { validate(): void } }> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
  'keda.sh/v1alpha1/TriggerAuthentication': TriggerAuthentication,
};

const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
const checkKustomization = ajv.compile(JSON.parse(readFileSync(join(SCHEMAS, 'kustomization.schema.json'), 'utf8')) as object);
const checkCompose = ajv.compile(JSON.parse(readFileSync(join(SCHEMAS, 'compose.schema.json'), 'utf8')) as object);

function readYamlDocs(file: string): Obj[] {
  const docs = parseAllDocuments(readFileSync(file, 'utf8'), { merge: true });
  return docs.map((d) => {
    if (d.errors.length > 0 || d.warnings.length > 0) throw new Error(`${relative(ROOT, file)}: ${[...d.errors, ...d.warnings].map((e) => e.message).join('; ')}`);
    return d.toJS() as Obj;
  });
}

function validate(m: Manifest, where: string): void {
  const Model = MODELS[`${m.apiVersion}/${m.kind}`];
  if (!Model) throw new Error(`${where}: no schema for ${m.apiVersion} ${m.kind}; add one to MODELS`);
  try {
    new Model(m as never).validate();
  } catch (err) {
    throw new Error(`${where}: ${m.kind} ${m.metadata?.name}: ${(err as Error).message}`, { cause: err });
  }
}

interface Kustomization { namespace?: string; resources?: string[]; patches?: { path?: string }[]; secretGenerator?: { name: string; envs?: string[] }[]; images?: { name: string }[] }

function readKustomization(dir: string): Kustomization {
  const [k] = readYamlDocs(join(dir, 'kustomization.yaml'));
  if (!checkKustomization(k)) throw new Error(`${relative(ROOT, dir)}/kustomization.yaml: ${ajv.errorsText(checkKustomization.errors)}`);
  return k as Kustomization;
}

/** Strategic-merge of the map-only patches used here: maps merge, anything else replaces. */
function merge(base: unknown, patch: unknown): unknown {
  if (typeof base !== 'object' || base === null || Array.isArray(base) || typeof patch !== 'object' || patch === null || Array.isArray(patch)) return patch;
  const out: Obj = { ...(base as Obj) };
  for (const [k, v] of Object.entries(patch as Obj)) out[k] = k in out ? merge(out[k], v) : v;
  return out;
}

const id = (m: Manifest): string => `${m.kind}/${m.metadata.name}`;

/** The base's manifests, each validated, in file order. */
function loadBase(): { kustomization: Kustomization; manifests: Manifest[]; files: string[] } {
  const dir = join(K8S, 'base');
  const kustomization = readKustomization(dir);
  const manifests: Manifest[] = [];
  for (const file of kustomization.resources ?? []) {
    const path = join(dir, file);
    expect(existsSync(path)).toBe(true);
    for (const doc of readYamlDocs(path)) {
      validate(doc as unknown as Manifest, `base/${file}`);
      manifests.push(doc as unknown as Manifest);
    }
  }
  return { kustomization, manifests, files: (kustomization.resources ?? []).map((f) => join(dir, f)) };
}

function overlays(): string[] {
  return readdirSync(join(K8S, 'overlays')).map((d) => join(K8S, 'overlays', d));
}

/** An overlay's manifests: the base with its patches merged in, each validated again. */
function render(dir: string, base: Manifest[]): { manifests: Manifest[]; files: string[]; secretKeys: string[] } {
  const k = readKustomization(dir);
  expect(k.resources).toEqual(['../../base']);
  const byId = new Map(base.map((m) => [id(m), structuredClone(m)]));
  const files: string[] = [join(dir, 'kustomization.yaml')];
  for (const p of k.patches ?? []) {
    const path = join(dir, p.path!);
    files.push(path);
    for (const doc of readYamlDocs(path)) {
      const patch = doc as unknown as Manifest;
      const target = byId.get(id(patch));
      if (!target) throw new Error(`${relative(ROOT, path)} patches ${id(patch)}, which the base does not have`);
      byId.set(id(patch), merge(target, patch) as Manifest);
    }
  }
  const manifests = [...byId.values()];
  for (const m of manifests) validate(m, relative(ROOT, dir));
  // The Secret comes from the generator; its keys are those of the committed example.
  const secretKeys: string[] = [];
  for (const g of k.secretGenerator ?? []) {
    expect(g.name).toBe('listings-secrets');
    for (const env of g.envs ?? []) {
      const example = join(dir, `${env}.example`);
      expect(existsSync(example)).toBe(true);
      files.push(example);
      for (const line of readFileSync(example, 'utf8').split('\n')) {
        const m = /^([A-Z0-9_]+)=/u.exec(line);
        if (m) secretKeys.push(m[1]!);
      }
    }
  }
  return { manifests, files, secretKeys };
}

const FIELD_ENVS = new Set(Object.values(FIELDS).map((f) => f.env));

interface Container { name: string; image: string; command?: string[]; args?: string[]; ports?: { name?: string; containerPort: number }[]; env?: { name: string; value?: string }[]; envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[]; livenessProbe?: Obj; readinessProbe?: Obj; startupProbe?: Obj; lifecycle?: { preStop?: { sleep?: { seconds: number } } } }
interface PodSpec { containers: Container[]; terminationGracePeriodSeconds?: number }

/** One process as run: what it is, its command, listening port, variables and marketplaces. */
interface Process { kind: string; command: string[]; port: number | null; env: string[]; marketplaces: string | null }

function processOf(command: string[], env: Record<string, string>): Process {
  const script = command[1] ?? '';
  const kind = script.includes('apps/api/') ? 'api' : script.includes('apps/worker/') ? 'worker' : script.includes('simulators') ? 'simulators' : command[0] === 'redis-server' ? 'redis' : command[0] === 'postgres' ? 'postgres' : `unknown:${command.join(' ')}`;
  const portFlag = command.find((a) => a.startsWith('--port='));
  const port = kind === 'api' ? Number(env.PORT) : kind === 'worker' ? Number(env.WORKER_METRICS_PORT) : portFlag ? Number(portFlag.slice(7)) : kind === 'redis' ? 6379 : kind === 'postgres' ? 5432 : null;
  return { kind, command, port, env: Object.keys(env).sort(), marketplaces: env.WORKER_MARKETPLACES ?? null };
}

function kubernetesProcesses(manifests: Manifest[], secretKeys: string[]): Process[] {
  const configs = new Map(manifests.filter((m) => m.kind === 'ConfigMap').map((m) => [m.metadata.name, m.data ?? {}]));
  const out: Process[] = [];
  for (const m of manifests.filter((x) => x.kind === 'Deployment' || x.kind === 'StatefulSet')) {
    const pod = (m.spec!.template as { spec: PodSpec }).spec;
    for (const c of pod.containers) {
      const env: Record<string, string> = {};
      for (const from of c.envFrom ?? []) {
        if (from.configMapRef) Object.assign(env, configs.get(from.configMapRef.name) ?? (() => { throw new Error(`${id(m)} reads a missing ConfigMap ${from.configMapRef!.name}`); })());
        if (from.secretRef) for (const k of secretKeys) env[k] = '(secret)';
      }
      for (const e of c.env ?? []) env[e.name] = e.value ?? '';
      out.push(processOf([...(c.command ?? []), ...(c.args ?? [])], env));
    }
  }
  return out;
}

function composeProcesses(compose: { services: Record<string, { command?: string[]; environment?: Record<string, string> }> }): Process[] {
  return Object.values(compose.services)
    .filter((s) => s.command && !s.command[0]!.startsWith('nginx'))
    .map((s) => processOf(s.command!, s.environment ?? {}));
}

/** Processes by kind (and marketplaces), duplicates (replicas) collapsed. */
function byRole(procs: Process[]): Map<string, Process> {
  return new Map(procs.map((p) => [`${p.kind}${p.marketplaces ? `:${p.marketplaces}` : ''}`, p]));
}

const base = loadBase();
const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, { image?: string; command?: string[]; environment?: Record<string, string>; ports?: string[]; expose?: string[]; volumes?: string[]; healthcheck?: { test: string[] } }> };

describe('Kubernetes manifests', () => {
  test('every manifest of the base validates against its kind\'s schema; names are unique', () => {
    expect(base.manifests.length).toBeGreaterThan(20);
    const ids = base.manifests.map(id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test.each(overlays().map((d) => [relative(K8S, d), d]))('overlay %s renders to valid manifests with a Secret of the documented keys', (_name, dir) => {
    const { manifests, secretKeys } = render(dir, base.manifests);
    expect(manifests.length).toBe(base.manifests.length);
    expect(secretKeys.sort()).toEqual(['CURSOR_SECRET', 'METRICS_TOKEN', 'REDIS_URL', 'UPSTREAM_SESSIONS']);
  });

  test('every YAML file under deploy/k8s is part of the base or of an overlay', () => {
    const used = new Set([join(K8S, 'base/kustomization.yaml'), ...base.files, ...overlays().flatMap((d) => render(d, base.manifests).files)]);
    const all: string[] = [];
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.ya?ml$|\.example$/u.test(e.name)) all.push(p);
      }
    };
    walk(K8S);
    expect(all.filter((f) => !used.has(f)).map((f) => relative(ROOT, f))).toEqual([]);
  });

  test('one worker Deployment per marketplace, each scaled by KEDA on its own queue\'s waiting list', () => {
    const config = base.manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name === 'listings-config')!.data!;
    const redisService = base.manifests.find((m) => m.kind === 'Service' && m.metadata.labels?.['app.kubernetes.io/component'] === 'redis')!;
    const workers = base.manifests.filter((m) => m.kind === 'Deployment' && m.metadata.labels?.['app.kubernetes.io/component'] === 'worker');
    const served = workers.map((w) => (w.spec!.template as { spec: PodSpec }).spec.containers[0]!.env!.find((e) => e.name === 'WORKER_MARKETPLACES')!.value);
    expect(served.sort()).toEqual([...TOKENS].sort());
    for (const w of workers) {
      const token = (w.spec!.template as { spec: PodSpec }).spec.containers[0]!.env!.find((e) => e.name === 'WORKER_MARKETPLACES')!.value!;
      expect(w.spec!.replicas).toBeUndefined(); // KEDA owns the replica count
      const scaled = base.manifests.filter((m) => m.kind === 'ScaledObject' && (m.spec!.scaleTargetRef as { name: string }).name === w.metadata.name);
      expect(scaled).toHaveLength(1);
      const spec = scaled[0]!.spec as { minReplicaCount: number; maxReplicaCount: number; triggers: { type: string; metadata: Record<string, string> }[] };
      expect(spec.minReplicaCount).toBeGreaterThanOrEqual(1);
      expect(spec.maxReplicaCount).toBeGreaterThan(spec.minReplicaCount);
      expect(spec.triggers).toHaveLength(1);
      const t = spec.triggers[0]!;
      expect(t.type).toBe('redis');
      expect(t.metadata.listName).toBe(`${queuePrefix(config.KEY_PREFIX!)}:${queueName(token)}:wait`);
      expect(t.metadata.address).toBe(`${redisService.metadata.name}.${base.kustomization.namespace}.svc.cluster.local:6379`);
      expect(Number(t.metadata.listLength)).toBeGreaterThan(0);
      expect(base.manifests.filter((m) => m.kind === 'PodDisruptionBudget' && (m.spec!.selector as { matchLabels: Record<string, string> }).matchLabels['app.kubernetes.io/name'] === w.metadata.name)).toHaveLength(1);
    }
  });

  test('probes: liveness on /healthz and readiness on /readyz of the port each process listens on', () => {
    for (const m of base.manifests.filter((x) => x.kind === 'Deployment')) {
      const pod = (m.spec!.template as { spec: PodSpec }).spec;
      for (const c of pod.containers) {
        const role = processOf(c.command ?? [], Object.fromEntries((c.env ?? []).map((e) => [e.name, e.value ?? '']))).kind;
        const live = (c.livenessProbe as { httpGet?: { path: string; port: string } }).httpGet;
        const ready = (c.readinessProbe as { httpGet?: { path: string; port: string } }).httpGet;
        expect(live && ready).toBeTruthy();
        const portNumber = (name: string): number | undefined => c.ports?.find((p) => p.name === name)?.containerPort;
        if (role === 'simulators') {
          expect([live!.path, ready!.path]).toEqual(['/__sim/health', '/__sim/health']);
          continue;
        }
        expect([live!.path, ready!.path]).toEqual(['/healthz', '/readyz']);
        const envPort = Number(c.env!.find((e) => e.name === (role === 'api' ? 'PORT' : 'WORKER_METRICS_PORT'))!.value);
        expect(portNumber(live!.port)).toBe(envPort);
        expect(portNumber(ready!.port)).toBe(envPort);
        const annotations = (m.spec!.template as { metadata: { annotations: Record<string, string> } }).metadata.annotations;
        expect(annotations['prometheus.io/port']).toBe(String(envPort));
        expect(annotations['prometheus.io/path']).toBe('/metrics');
        // SIGTERM grace (and the api's preStop pause) fit in the pod's termination period.
        const grace = Number(base.manifests.find((x) => x.kind === 'ConfigMap' && x.metadata.name === 'listings-config')!.data!.SHUTDOWN_GRACE_MS);
        const preStop = c.lifecycle?.preStop?.sleep?.seconds ?? 0;
        expect((pod.terminationGracePeriodSeconds ?? 30) * 1000).toBeGreaterThan(grace + preStop * 1000);
      }
    }
  });

  test('Services, autoscaler and disruption budgets select pods that exist, on ports that exist', () => {
    const pods = base.manifests.filter((m) => m.kind === 'Deployment' || m.kind === 'StatefulSet').map((m) => ({ m, labels: (m.spec!.template as { metadata: { labels: Record<string, string> } }).metadata.labels, ports: (m.spec!.template as { spec: PodSpec }).spec.containers.flatMap((c) => c.ports ?? []) }));
    const selects = (selector: Record<string, string>) => pods.filter((p) => Object.entries(selector).every(([k, v]) => p.labels[k] === v));
    for (const m of base.manifests) {
      if (m.kind === 'Deployment' || m.kind === 'StatefulSet') {
        expect(selects((m.spec!.selector as { matchLabels: Record<string, string> }).matchLabels).map((p) => p.m)).toEqual([m]);
      }
      if (m.kind === 'Service') {
        const matched = selects(m.spec!.selector as Record<string, string>);
        expect(matched).toHaveLength(1);
        for (const port of m.spec!.ports as { targetPort: string }[]) expect(matched[0]!.ports.map((p) => p.name)).toContain(port.targetPort);
      }
      if (m.kind === 'PodDisruptionBudget') expect(selects((m.spec!.selector as { matchLabels: Record<string, string> }).matchLabels)).toHaveLength(1);
      if (m.kind === 'HorizontalPodAutoscaler') {
        const ref = m.spec!.scaleTargetRef as { kind: string; name: string };
        expect(base.manifests.some((x) => x.kind === ref.kind && x.metadata.name === ref.name)).toBe(true);
      }
    }
    expect(base.manifests.filter((m) => m.kind === 'HorizontalPodAutoscaler').map((m) => (m.spec!.scaleTargetRef as { name: string }).name)).toEqual(['listings-api']);
    expect(base.manifests.some((m) => m.kind === 'PodDisruptionBudget' && m.metadata.name === 'listings-api')).toBe(true);
  });

  test('Redis keeps an append-only file (everysec) on a persistent volume and never evicts', () => {
    const set = base.manifests.find((m) => m.kind === 'StatefulSet')!;
    const conf = base.manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name === 'listings-redis-config')!.data!['redis.conf']!;
    expect(conf).toMatch(/^appendonly yes$/mu);
    expect(conf).toMatch(/^appendfsync everysec$/mu);
    expect(conf).toMatch(/^maxmemory-policy noeviction$/mu);
    expect(conf).toMatch(/^dir \/data$/mu);
    // A maxmemory (docs/operations.md "Redis memory" sizes it), under the container's limit with
    // room for the AOF rewrite's copy-on-write and the allocator's fragmentation.
    const maxmemory = /^maxmemory (\d+)gb$/mu.exec(conf);
    expect(maxmemory).not.toBeNull();
    const limit = (set.spec!.template as { spec: { containers: { resources: { limits: { memory: string } } }[] } }).spec.containers[0]!.resources.limits.memory;
    expect(limit).toMatch(/^\d+Gi$/u);
    expect(Number.parseInt(limit, 10) * 2 ** 30).toBeGreaterThanOrEqual(1.3 * Number(maxmemory![1]) * 2 ** 30);
    expect((set.spec!.volumeClaimTemplates as { metadata: { name: string } }[]).map((v) => v.metadata.name)).toEqual(['data']);
    const mounts = (set.spec!.template as { spec: { containers: { volumeMounts: { name: string; mountPath: string }[] }[] } }).spec.containers[0]!.volumeMounts;
    expect(mounts).toContainEqual({ name: 'data', mountPath: '/data' });
  });
});

describe('docker-compose.yml', () => {
  test('validates against the compose schema', () => {
    if (!checkCompose(compose)) throw new Error(ajv.errorsText(checkCompose.errors));
  });

  test('runs the same processes, commands, ports and variables as the manifests; every variable is a setting', () => {
    const secretKeys = render(overlays()[0]!, base.manifests).secretKeys;
    const k8s = byRole(kubernetesProcesses(base.manifests, secretKeys));
    const local = byRole(composeProcesses(compose));
    expect([...local.keys()].sort()).toEqual([...k8s.keys()].sort());
    expect([...k8s.keys()].filter((r) => r.startsWith('worker:')).sort()).toEqual(TOKENS.map((t) => `worker:${t}`).sort());
    for (const [role, p] of k8s) {
      const c = local.get(role)!;
      expect({ role, command: c.command, port: c.port, env: c.env }).toEqual({ role, command: p.command, port: p.port, env: p.env });
      // The service's own processes read only settings; PostgreSQL's container reads its image's variables.
      if (role !== 'postgres') for (const name of p.env) expect(FIELD_ENVS).toContain(name);
    }
    // Two api replicas, each listening where the proxy sends.
    const apis = Object.entries(compose.services).filter(([, s]) => s.command?.[1] === 'apps/api/src/main.ts').map(([n]) => n);
    expect(apis).toHaveLength(2);
    const nginx = readFileSync(join(ROOT, 'deploy/compose/nginx.conf'), 'utf8');
    const upstreams = [...nginx.matchAll(/^\s*server ([\w.-]+):(\d+)/gmu)].map((m) => [m[1], Number(m[2])]);
    expect(upstreams).toEqual(apis.map((n) => [n, k8s.get('api')!.port]));
    expect(compose.services.proxy!.volumes).toContain('./deploy/compose/nginx.conf:/etc/nginx/nginx.conf:ro');
    expect(nginx).toMatch(/location = \/metrics \{\s*return 404;/u);
  });

  test('Redis runs with AOF everysec on a volume; health checks use /readyz', () => {
    const redis = compose.services.redis!;
    expect(redis.volumes).toEqual(['redis-data:/data', './deploy/compose/redis.conf:/etc/redis/redis.conf:ro']);
    const conf = readFileSync(join(ROOT, 'deploy/compose/redis.conf'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
    const k8sConf = base.manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name === 'listings-redis-config')!.data!['redis.conf']!.split('\n').filter((l) => l);
    expect(conf).toEqual(k8sConf);
    expect(conf).toEqual(expect.arrayContaining(['appendonly yes', 'appendfsync everysec', 'maxmemory-policy noeviction', 'dir /data']));
    for (const s of Object.values(compose.services).filter((x) => x.command?.[0] === 'node' && !x.command[1]!.includes('simulators'))) {
      expect(s.healthcheck!.test.join(' ')).toMatch(/\/readyz/u);
    }
    // Every node service builds the one image (nothing to pull).
    for (const s of Object.values(compose.services).filter((x) => x.command?.[0] === 'node')) {
      expect([(s as { build?: string }).build, s.image]).toEqual(['.', 'listings:latest']);
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  test('Node 24, production dependencies only, the api by default, every workspace manifest copied', () => {
    const froms = [...dockerfile.matchAll(/^FROM (\S+)/gmu)].map((m) => m[1]);
    for (const f of froms) expect(f).toMatch(/^node:24[-.]/u);
    expect(dockerfile).toMatch(/^RUN npm ci --omit=dev\b/mu);
    expect(dockerfile).toMatch(/^CMD \["node", "apps\/api\/src\/main\.ts"\]$/mu);
    const workspaces = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
    const manifests = workspaces.flatMap((w) => readdirSync(join(ROOT, w.replace('/*', ''))).map((d) => `${w.replace('/*', '')}/${d}/package.json`)).filter((p) => existsSync(join(ROOT, p)));
    for (const m of manifests) expect(dockerfile).toContain(`COPY ${m} ${dirname(m)}/`);
    const ignore = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n');
    expect(ignore).toContain('**/node_modules');
  });
});

test('the list KEDA watches is where BullMQ keeps a marketplace\'s waiting collections', async () => {
  const redis = connectRedis(testRedisUrl(), { failFast: false, name: 'manifests-test' });
  await whenReady(redis);
  const keyPrefix = uniquePrefix('keda');
  const queue = new Queue(queueName('mkt_a'), { connection: redis, prefix: queuePrefix(keyPrefix) });
  try {
    await queue.add('collect', { collectionId: 'col_x' }, { jobId: 'col_x' });
    await queue.add('collect', { collectionId: 'col_y' }, { jobId: 'col_y' });
    expect(await redis.llen(`${queuePrefix(keyPrefix)}:${queueName('mkt_a')}:wait`)).toBe(2);
  } finally {
    await queue.obliterate({ force: true });
    await queue.close();
    redis.disconnect();
  }
});

test('the Redis memory alert rules parse, name only series the api and the worker export, and warn before searches are refused', async () => {
  const { createWorkerMetrics } = await import('../../apps/worker/src/metrics.ts');
  const { REFUSE_RATIO, WARN_RATIO } = await import('@listings/store/testing');
  const rules = parse(readFileSync(join(ROOT, 'deploy/monitoring/redis-memory-alerts.yaml'), 'utf8')) as { groups: Array<{ rules: Array<{ alert: string; expr: string; for: string }> }> };
  const worker = createWorkerMetrics(['mkt_a']);
  const watch = { current: () => ({ usedBytes: 1, maxBytes: 2, policy: 'noeviction' }), state: () => 'ok' as const, policyOk: () => true, refusing: () => false, sawOom: () => undefined, refresh: async () => undefined, close: () => undefined };
  worker.attach({} as never, watch);
  const exported = new Set((await worker.registry.getMetricsAsJSON()).map((m) => m.name));
  const all = rules.groups.flatMap((g) => g.rules);
  expect(all.map((r) => r.alert)).toEqual(['ListingsRedisMemoryHigh', 'ListingsRedisMemoryFull', 'ListingsRedisNoMaxmemory', 'ListingsRedisEvicting']);
  for (const r of all) for (const name of r.expr.match(/listings_[a-z_]+/gu) ?? []) expect(exported).toContain(name);
  // The warning's threshold is the service's, below the one at which searches are refused.
  expect(Number(/> (0\.\d+)\s*$/u.exec(all[0]!.expr)![1])).toBe(WARN_RATIO);
  expect(WARN_RATIO).toBeLessThan(REFUSE_RATIO);
});

test('the drift alert rules parse and name only series and outcomes the worker exports', async () => {
  const { createWorkerMetrics } = await import('../../apps/worker/src/metrics.ts');
  const { READING_OUTCOMES } = await import('@listings/marketplaces');
  const rules = parse(readFileSync(join(ROOT, 'deploy/monitoring/drift-alerts.yaml'), 'utf8')) as { groups: Array<{ rules: Array<{ alert: string; expr: string; for: string }> }> };
  const exported = new Set((await createWorkerMetrics(['mkt_a']).registry.getMetricsAsJSON()).map((m) => m.name));
  const all = rules.groups.flatMap((g) => g.rules);
  expect(all.map((r) => r.alert)).toEqual(['ListingsLayoutChanged', 'ListingsBlocked', 'ListingsNonUsPages', 'ListingsFilterNotApplied']);
  // Drift is both outcomes the guard splits: a format not recognized, and a reading that cannot be right.
  expect(all[0]!.expr).toContain('outcome=~"layout_changed|implausible"');
  for (const r of all) {
    for (const name of r.expr.match(/listings_[a-z_]+/gu) ?? []) expect(exported).toContain(name);
    for (const [, o] of r.expr.matchAll(/outcome="([a-z_]+)"/gu)) expect(READING_OUTCOMES).toContain(o);
    for (const [, alts] of r.expr.matchAll(/outcome=~"([a-z_|]+)"/gu)) for (const o of alts!.split('|')) expect(READING_OUTCOMES).toContain(o);
    // Announced within the hour: window plus hold time at most 60 minutes.
    const window = Number(/\[(\d+)m\]/u.exec(r.expr)![1]);
    expect(window + Number(/^(\d+)m$/u.exec(r.for)![1])).toBeLessThanOrEqual(60);
  }
});
