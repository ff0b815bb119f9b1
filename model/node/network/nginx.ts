import type { Listener, RequestInfo } from './namespace';

/** Where nginx writes its access log (the image links access.log to stdout), and the clock it stamps with. */
export interface AccessLog {
  write(line: string): void;
  now(): number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** nginx's $time_local in UTC: "30/Nov/2026:21:40:00 +0000". */
function timeLocal(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}

/** The image's log_format main: the combined format and "$http_x_forwarded_for". */
function accessLine(req: RequestInfo, path: string, status: number, bytes: number, now: number): string {
  return `${req.src} - - [${timeLocal(now)}] "${req.method} ${path} HTTP/1.1" ${status} ${bytes} "-" "${req.userAgent}" "-"`;
}

/** nginx 1.27's default index.html, as `curl http://<pod>/` prints it. */
export const NGINX_WELCOME = `<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>
<style>
html { color-scheme: light dark; }
body { width: 35em; margin: 0 auto;
font-family: Tahoma, Verdana, Arial, sans-serif; }
</style>
</head>
<body>
<h1>Welcome to nginx!</h1>
<p>If you see this page, the nginx web server is successfully installed and
working. Further configuration is required.</p>

<p>For online documentation and support please refer to
<a href="http://nginx.org/">nginx.org</a>.<br/>
Commercial support is available at
<a href="http://nginx.com/">nginx.com</a>.</p>

<p><em>Thank you for using nginx.</em></p>
</body>
</html>
`;

/**
 * The socket nginx's default server listens on (port 80): the welcome page at /, 404 elsewhere.
 * A request whose client is known is written to the access log.
 */
export function nginxListener(version: string, podName: string, log?: AccessLog): Listener {
  return {
    program: `nginx (${podName})`,
    http(path, req) {
      const res = answer(path);
      if (req && log) log.write(accessLine(req, path, res.status, req.method === 'HEAD' ? 0 : Buffer.byteLength(res.body), log.now()));
      return res;
    },
  };

  function answer(path: string) {
    if (path === '/' || path === '/index.html') return { status: 200, headers: { Server: `nginx/${version}`, 'Content-Type': 'text/html' }, body: NGINX_WELCOME };
    return {
      status: 404,
      headers: { Server: `nginx/${version}`, 'Content-Type': 'text/html' },
      body: `<html>\n<head><title>404 Not Found</title></head>\n<body>\n<center><h1>404 Not Found</h1></center>\n<hr><center>nginx/${version}</center>\n</body>\n</html>\n`,
    };
  }
}
