import { KubectlError } from './errors';
import { reachServer } from './info';
import type { Command } from './kubectl';
import { DISCOVERY_ACCEPT } from './restmapper';

/**
 * `kubectl api-versions` (pkg/cmd/apiresources/apiversions.go): every group/version the server's
 * discovery lists (the core group as plain `v1`), sorted as Go's sort.Strings sorts them.
 */
export const apiVersionsCommand: Command = {
  flags: [],
  run(ctx, args) {
    if (args.length) throw new KubectlError(`unexpected arguments: [${args.join(' ')}]\nSee 'kubectl api-versions -h' for help and examples`);
    reachServer(ctx);
    const versions: string[] = [];
    for (const path of ['/api', '/apis']) {
      const answer = ctx.client.getNonResource(path, DISCOVERY_ACCEPT);
      if (answer.status !== 200) throw new KubectlError(`couldn't get available api versions from server: the server could not find the requested resource`);
      for (const g of (answer.body as any).items ?? [])
        for (const v of g.versions ?? []) versions.push(g.metadata?.name ? `${g.metadata.name}/${v.version}` : v.version);
    }
    // sort.Strings: byte order, not the locale's.
    for (const v of versions.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) ctx.out += `${v}\n`;
    return 0;
  },
};
