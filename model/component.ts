import type { ApiServer } from './apiserver/server';
import { ApiClient } from './client/client';
import { EventRecorder } from './client/events';
import { InformerFactory } from './client/factory';
import type { Process } from './sim/process';
import { KlogLog } from './sim/log';
import type { Simulation } from './sim/simulation';

/**
 * What every control-plane or node component gets: its process (whose crash drops its
 * timers, queues and caches), an API client with its own identity, a shared informer factory,
 * an event recorder and a klog-style log. Components never call each other: they only have
 * the API server.
 */
export interface ComponentContext {
  sim: Simulation;
  proc: Process;
  client: ApiClient;
  informers: InformerFactory;
  log: KlogLog;
  /** An event recorder reporting as `component` (and `host` for node agents). */
  recorder(component: string, host?: string): EventRecorder;
}

export function makeContext(sim: Simulation, proc: Process, server: ApiServer, token: string, log?: KlogLog): ComponentContext {
  const client = new ApiClient(server, token);
  return {
    sim,
    proc,
    client,
    informers: new InformerFactory(proc, client),
    log: log ?? new KlogLog(sim, 1),
    recorder: (component, host) => new EventRecorder(sim, client, component, host),
  };
}
