import type { RequestAuthenticator } from './authenticator';
import { NO_CREDENTIAL } from './authenticator';

/**
 * The x509 client-certificate authenticator (--client-ca-file): the TLS layer verified the chain
 * against the cluster CA (ClientCertificate.verifyError says why it did not); the certificate's
 * CommonName is the user and each Organization a group (CommonNameUserConversion). A verified
 * certificate without a CN names no one, and the other authenticators get their turn.
 */
export const x509Authenticator: RequestAuthenticator = {
  authenticateRequest(creds) {
    const cert = creds.clientCertificate;
    if (!cert) return NO_CREDENTIAL;
    if (cert.verifyError) return { ok: false, error: `verifying certificate failed: ${cert.verifyError}` };
    if (!cert.commonName) return NO_CREDENTIAL;
    return { ok: true, user: { user: cert.commonName, groups: [...cert.organizations] } };
  },
};
