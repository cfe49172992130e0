package org.estuary.remote.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import org.estuary.remote.RemoteSettings;

/** Builds an exporter's or client's TLS context from its key material (each has its own, never one per JVM). */
public final class TlsContext {

    private TlsContext() {
    }

    /**
     * An SSL context from keystore files.
     *
     * @throws IOException naming the file that could not be read or the reason its contents were refused
     */
    public static SSLContext of(RemoteSettings.Tls tls) throws IOException {
        try {
            KeyManagerFactory kmf = null;
            if (tls.keyStore() != null) {
                kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                kmf.init(load(tls.keyStore(), tls.keyStorePassword(), tls.storeType()), tls.keyStorePassword());
            }
            TrustManagerFactory tmf = null;
            if (tls.trustStore() != null) {
                tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                tmf.init(load(tls.trustStore(), tls.trustStorePassword(), tls.storeType()));
            }
            SSLContext ssl = SSLContext.getInstance("TLS");
            ssl.init(kmf == null ? null : kmf.getKeyManagers(), tmf == null ? null : tmf.getTrustManagers(), null);
            return ssl;
        } catch (GeneralSecurityException e) {
            throw new IOException("TLS key material refused (" + tls + "): " + e.getMessage(), e);
        }
    }

    private static KeyStore load(Path file, char[] password, String type) throws IOException,
            GeneralSecurityException {
        KeyStore store = KeyStore.getInstance(type);
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, password);
        } catch (IOException e) {
            throw new IOException("cannot read keystore " + file + ": " + e.getMessage(), e);
        }
        return store;
    }
}
