/** The names of busybox's applets: those the model runs, and the others the image has. */
import { BUSYBOX_NET_TOOLS } from './net-applets';

/** File operations succeed at once: the container's own file system is not modelled (an init container's `cp`). */
export const FILE_OPS = ['cp', 'mv', 'rm', 'mkdir', 'touch', 'chmod', 'chown', 'ln'];
/** The applets modelled here; the rest of busybox's run until stopped. */
export const IMPLEMENTED = new Set(['echo', 'printf', 'sleep', 'cat', 'printenv', 'env', 'ls', 'date', 'hostname', 'true', 'false', 'test', '[', 'sh', 'ash', 'head', 'tail', 'grep', 'pwd', 'uname', 'whoami', 'id', ...FILE_OPS, ...Object.keys(BUSYBOX_NET_TOOLS)]);
/** Other programs the busybox image has (a name outside both sets is not found). */
const OTHER_APPLETS = ['ping', 'top', 'ps', 'sed', 'awk', 'httpd', 'watch', 'yes', 'seq', 'wc', 'sort', 'tee', 'find', 'xargs', 'vi', 'kill', 'mount', 'df', 'du', 'free', 'uptime', 'dd', 'tar', 'gzip', 'telnet', 'traceroute', 'ifconfig', 'ip', 'netstat', 'hexdump', 'md5sum', 'sha256sum', 'base64', 'cut', 'tr', 'expr', 'basename', 'dirname', 'stat', 'which', 'timeout', 'nohup', 'usleep', 'bash'];
export const BUSYBOX_APPLETS = new Set([...IMPLEMENTED, ...OTHER_APPLETS]);
