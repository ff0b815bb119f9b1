/** `kubectl create priorityclass|pc NAME --value=N [--global-default] [--description=…] [--preemption-policy=…]`. */
import { bool, int, str } from './args';
import type { Generator } from './create-generator';
import { typedMeta } from './create-generator';

export const priorityClassGenerator: Generator = {
  names: ['priorityclass', 'pc'],
  type: { group: 'scheduling.k8s.io', version: 'v1', kind: 'PriorityClass', resource: 'priorityclasses', namespaced: false },
  flags: [
    { name: 'value', type: 'int32' },
    { name: 'global-default', type: 'bool' },
    { name: 'description', type: 'string' },
    { name: 'preemption-policy', type: 'string' },
  ],
  failedTo: 'priorityclass',
  build(name, p) {
    // schedulingv1.PriorityClass: value always, globalDefault and description omitempty, the policy a pointer always set.
    const pc: any = { kind: 'PriorityClass', apiVersion: 'scheduling.k8s.io/v1', metadata: typedMeta(name), value: int(p, 'value') ?? 0 };
    if (bool(p, 'global-default')) pc.globalDefault = true;
    const description = str(p, 'description') ?? '';
    if (description) pc.description = description;
    pc.preemptionPolicy = str(p, 'preemption-policy') ?? 'PreemptLowerPriority';
    return pc;
  },
};
