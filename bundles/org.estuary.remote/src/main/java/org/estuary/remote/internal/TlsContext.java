package org.estuary.remote.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;

import org.estuary.remote.RemoteSettings;

/**
 * What this JVM's Estuary client sockets use, whoever made the stub: the TLS context the last configured exporter
 * or client installed (the JDK default without one) and the call-timeout cap. JVM-wide because a stub's socket
 * factory arrives by deserialization and cannot carry key material.
 */
public final class TlsContext {

    private static volatile SSLContext context;
    private static volatile int callTimeoutCapMs = Integer.MAX_VALUE;

    private TlsContext() {
    }

    /** Installs the context TLS client sockets of this JVM use. */
    public static void install(SSLContext ssl) {
        context = ssl;
    }

    /** Lowers the cap on reply and connect timeouts of every Estuary client socket in this JVM. */
    public static synchronized void capCallTimeoutAt(long ms) {
        callTimeoutCapMs = (int) Math.min(callTimeoutCapMs, Math.min(ms, Integer.MAX_VALUE));
    }

    /** {@code ms}, or the cap if lower. */
    public static int capCallTimeout(int ms) {
        return Math.min(ms, callTimeoutCapMs);
    }

    /** The factory TLS client sockets come from. */
    public static SSLSocketFactory clientFactory() {
        SSLContext ssl = context;
        return ssl != null ? ssl.getSocketFactory() : (SSLSocketFactory) SSLSocketFactory.getDefault();
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
