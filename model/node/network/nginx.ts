import type { Listener } from './namespace';

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

/** The socket nginx's default server listens on (port 80): the welcome page at /, 404 elsewhere. */
export function nginxListener(version: string, podName: string): Listener {
  return {
    program: `nginx (${podName})`,
    http(path) {
      if (path === '/' || path === '/index.html') return { status: 200, headers: { Server: `nginx/${version}`, 'Content-Type': 'text/html' }, body: NGINX_WELCOME };
      return {
        status: 404,
        headers: { Server: `nginx/${version}`, 'Content-Type': 'text/html' },
        body: `<html>\n<head><title>404 Not Found</title></head>\n<body>\n<center><h1>404 Not Found</h1></center>\n<hr><center>nginx/${version}</center>\n</body>\n</html>\n`,
      };
    },
  };
}
