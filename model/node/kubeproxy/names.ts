import { createHash } from 'node:crypto';

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Go's base32.StdEncoding of a byte string (without the padding, which a 16-char prefix never reaches). */
function base32(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += B32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += B32[(value << (5 - bits)) & 31];
  return out;
}

/**
 * portProtoHash (pkg/proxy/iptables/proxier.go): sha256 of the service port name and the
 * lower-case protocol, base32-encoded, first 16 characters. Chain names must stay within
 * iptables' 28 characters, so kube-proxy hashes them; the same Service gives the same names
 * in every cluster.
 */
export function portProtoHash(servicePortName: string, protocol: string): string {
  return base32(createHash('sha256').update(servicePortName + protocol).digest()).slice(0, 16);
}

/** KUBE-SVC-…: the Service port's Cluster-policy chain. `default/kubernetes:https` + tcp is KUBE-SVC-NPX46M4PTMTKRN6Y. */
export function servicePortPolicyClusterChain(servicePortName: string, protocol: string): string {
  return 'KUBE-SVC-' + portProtoHash(servicePortName, protocol);
}

/** KUBE-EXT-…: where NodePort (and other external) traffic for the port goes first. */
export function serviceExternalChainName(servicePortName: string, protocol: string): string {
  return 'KUBE-EXT-' + portProtoHash(servicePortName, protocol);
}

/** KUBE-SEP-…: one endpoint's chain, hashed over the port name, protocol and "ip:port". */
export function servicePortEndpointChainName(servicePortName: string, protocol: string, endpoint: string): string {
  return 'KUBE-SEP-' + base32(createHash('sha256').update(servicePortName + protocol + endpoint).digest()).slice(0, 16);
}

/** Whether a chain is one kube-proxy made for a Service (and may delete when unused). */
export function isServiceChainName(chain: string): boolean {
  return ['KUBE-SVC-', 'KUBE-SVL-', 'KUBE-SEP-', 'KUBE-FW-', 'KUBE-EXT-'].some((p) => chain.startsWith(p));
}

/** ServicePortName.String(): "ns/name" plus ":port" when the port is named. */
export function servicePortNameString(namespace: string, name: string, port: string | undefined): string {
  return `${namespace}/${name}${port ? `:${port}` : ''}`;
}

/** computeProbability: 1/n with ten decimals, as kube-proxy writes it for `--probability`. */
export function computeProbability(n: number): string {
  return (1 / n).toFixed(10);
}
