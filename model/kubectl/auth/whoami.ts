import { resourceByName } from '../../api/registry';
import { StatusError } from '../../api/status';
import type { Parsed } from '../args';
import { KubectlError } from '../errors';
import type { Ctx } from '../kubectl';
import { parseOutput, printTo } from '../output';
import { kubectlTabWriter } from '../printers/tabwriter';
import { sortedMap, typedJSON } from '../printers/typed-json';

/**
 * `kubectl auth whoami` (pkg/cmd/auth/whoami.go): creates an authentication.k8s.io/v1
 * SelfSubjectReview and prints who the server says the caller is: a table of ATTRIBUTE and
 * VALUE (Username, UID, Groups, one `Extra: <key>` row per extra key), or the object with -o.
 */
export function whoami(ctx: Ctx, p: Parsed): number {
  const o = p.flags.get('output');
  const fmt = parseOutput(typeof o === 'string' ? o : undefined, false, p.flags.get('allow-missing-template-keys') !== false);
  let review: any;
  try {
    review = ctx.client.request({ verb: 'create', resource: 'selfsubjectreviews', body: { kind: 'SelfSubjectReview', apiVersion: 'authentication.k8s.io/v1', metadata: { creationTimestamp: null }, status: { userInfo: {} } } });
  } catch (e) {
    if (e instanceof StatusError && e.reason === 'Forbidden') throw new KubectlError('the selfsubjectreviews API is not enabled in the cluster or you do not have permission to call it');
    if (e instanceof StatusError && e.reason === 'NotFound')
      throw new KubectlError('the selfsubjectreviews API is not enabled in the cluster\nenable APISelfSubjectReview feature gate and authentication.k8s.io/v1alpha1 or authentication.k8s.io/v1beta1 API');
    throw e;
  }
  if (fmt?.kind === 'json') {
    // The typed client decoded it into the Go struct: the JSON printer writes its fields in order.
    ctx.out += typedJSON(goOrder(review)) + '\n';
    return 0;
  }
  if (fmt?.kind === 'name') {
    // NamePrinter: a nameless object is <unknown>.
    ctx.out += `selfsubjectreview.authentication.k8s.io/${review.metadata?.name || '<unknown>'}\n`;
    return 0;
  }
  if (fmt) {
    printTo(ctx, [{ obj: review, r: resourceByName('selfsubjectreviews')! }], fmt, true);
    return 0;
  }
  const ui = review.status?.userInfo ?? {};
  const w = kubectlTabWriter();
  w.write('ATTRIBUTE\tVALUE\n');
  if (ui.username) w.write(`Username\t${ui.username}\n`);
  if (ui.uid) w.write(`UID\t${ui.uid}\n`);
  if (ui.groups?.length) w.write(`Groups\t[${ui.groups.join(' ')}]\n`);
  for (const k of Object.keys(ui.extra ?? {}).sort()) w.write(`Extra: ${k}\t[${ui.extra[k].join(' ')}]\n`);
  w.flush();
  ctx.out += w.take();
  return 0;
}

/** authenticationv1.SelfSubjectReview's field order: TypeMeta, ObjectMeta, Status.UserInfo (username, uid, groups, extra). */
function goOrder(review: any): unknown {
  const ui = review.status?.userInfo ?? {};
  return {
    kind: review.kind,
    apiVersion: review.apiVersion,
    metadata: { ...review.metadata },
    status: { userInfo: { username: ui.username || undefined, uid: ui.uid || undefined, groups: ui.groups?.length ? ui.groups : undefined, extra: ui.extra ? sortedMap(ui.extra) : undefined } },
  };
}
