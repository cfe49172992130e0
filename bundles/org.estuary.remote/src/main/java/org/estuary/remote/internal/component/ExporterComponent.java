package org.estuary.remote.internal.component;

import java.io.IOException;
import java.io.Serializable;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.Arrays;
import java.util.UUID;

import org.estuary.io.Marshaller;
import org.estuary.management.Format;
import org.estuary.remote.BackendRef;
import org.estuary.remote.Exporter;
import org.estuary.remote.FailoverNotice;
import org.estuary.remote.RemoteSettings;
import org.estuary.remote.RmiExporter;
import org.estuary.store.api.FailoverRoles;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.AttributeType;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The container's {@link Exporter} (PID {@value #PID}): an {@link RmiExporter} built from the configuration, reading
 * every incoming call through the allowlist of {@code org.estuary.io.marshaller}. A configuration change (or a
 * marshaller change) re-creates it; services re-export when they see the new service.
 */
@Component(name = ExporterComponent.PID, configurationPid = ExporterComponent.PID, service = Exporter.class,
        immediate = true)
@Designate(ocd = ExporterComponent.Config.class)
public final class ExporterComponent implements Exporter {

    public static final String PID = "org.estuary.remote";

    private static final System.Logger LOG = System.getLogger("org.estuary.remote");

    @ObjectClassDefinition(name = "Estuary remote access",
            description = "Java RMI endpoint of the container: registry, exported services, TLS.")
    public @interface Config {
        @AttributeDefinition(name = "Bind address", description = "Address every endpoint listens on. "
                + "127.0.0.1 keeps Estuary local to this host; 0.0.0.0 listens on all addresses.")
        String bind_address() default "127.0.0.1";

        @AttributeDefinition(name = "Advertised host", required = false, description = "Host name clients "
                + "connect to (written into stubs). Empty: the bind address, or the JDK's choice for 0.0.0.0.")
        String advertise_host() default "";

        @AttributeDefinition(name = "Registry port", min = "0", max = "65535",
                description = "Port of the RMI registry clients connect to (0: any free port). Read-only for "
                + "every other process: lookup and list only.")
        int registry_port() default RemoteSettings.DEFAULT_REGISTRY_PORT;

        @AttributeDefinition(name = "Object port", min = "0", max = "65535",
                description = "Port of the exported services, never the registry's (0: any free port; set one "
                + "to open it in a firewall).")
        int object_port() default 0;

        @AttributeDefinition(name = "Service port", min = "-1", max = "65535",
                description = "Port the services' calls arrive on, over Estuary's multiplexed transport: many "
                + "clients' calls over each connection, run in the thread that reads them unless they wait "
                + "(0: any free port; -1: the services are called over Java RMI on the object port).")
        int service_port() default 0;

        @AttributeDefinition(name = "Connect timeout (ms)", min = "1", description = "Longest wait for a "
                + "connection to be set up, also when a service connects to a client's listener.")
        long connect_timeout_ms() default RemoteSettings.DEFAULT_CONNECT_TIMEOUT_MS;

        @AttributeDefinition(name = "Call timeout (ms)", min = "1", description = "Longest wait for a reply, "
                + "also when a service calls a client's listener.")
        long call_timeout_ms() default RemoteSettings.DEFAULT_CALL_TIMEOUT_MS;

        @AttributeDefinition(name = "Read timeout (ms)", min = "1", description = "Longest an accepted "
                + "connection may stay silent (between calls or mid-request) before it is closed: bounds half-open "
                + "connections.")
        long read_timeout_ms() default RemoteSettings.DEFAULT_READ_TIMEOUT_MS;

        @AttributeDefinition(name = "Request timeout (ms)", min = "1", description = "Longest a request may take "
                + "to arrive whole, from its first byte: bounds peers that send a byte at a time.")
        long request_timeout_ms() default RemoteSettings.DEFAULT_REQUEST_TIMEOUT_MS;

        @AttributeDefinition(name = "Maximum connections", min = "1", description = "Most connections open at "
                + "once on the registry and object ports; more are closed as they are accepted, and logged.")
        int max_connections() default RemoteSettings.DEFAULT_MAX_CONNECTIONS;

        @AttributeDefinition(name = "Maximum connections per host", min = "1", description = "Most connections "
                + "open at once from one peer address; more are closed as they are accepted, and logged.")
        int max_connections_per_host() default RemoteSettings.DEFAULT_MAX_CONNECTIONS_PER_HOST;

        @AttributeDefinition(name = "Failover peers", required = false, description = "host:port of the "
                + "registries (comma-separated) of the other containers serving the same service instances (org.estuary.failover): "
                + "clients' proxies carry them and reach the active container through them.")
        String[] failover_peers() default {};

        @AttributeDefinition(name = "TLS", description = "Registry and services over TLS with the keystore and "
                + "truststore below; clients must connect with TLS too.")
        boolean tls_enabled() default false;

        @AttributeDefinition(name = "Keystore", required = false, description = "Path of the server's key.")
        String tls_keystore() default "";

        @AttributeDefinition(name = "Keystore password", required = false, type = AttributeType.PASSWORD,
                description = "Password of the keystore (and of its key).")
        String tls_keystore_password() default "";

        @AttributeDefinition(name = "Truststore", required = false,
                description = "Path of the trusted certificates (the CA of client certificates).")
        String tls_truststore() default "";

        @AttributeDefinition(name = "Truststore password", required = false, type = AttributeType.PASSWORD,
                description = "Password of the truststore.")
        String tls_truststore_password() default "";

        @AttributeDefinition(name = "Keystore type", description = "PKCS12 or JKS.")
        String tls_store_type() default "PKCS12";

        @AttributeDefinition(name = "Require client certificates", description = "With TLS: accept only "
                + "clients whose certificate the truststore trusts.")
        boolean tls_client_auth() default false;
    }

    private final RmiExporter exporter;
    /** The failover notice bound in the registry, or null. */
    private FailoverNotice notice;

    /** @throws IOException if the port is taken or the TLS material is unusable (DS logs it) */
    @Activate
    public ExporterComponent(@Reference Marshaller marshaller, Config config) throws IOException {
        RemoteSettings settings = settingsOf(config).marshaller(marshaller).build();
        this.exporter = RmiExporter.start(settings);
        LOG.log(Level.INFO, "remote access: registry on {0}:{1,number,#} ({2})", settings.bindAddress(),
                exporter.registryPort(), settings);
    }

    /** The settings a configuration describes (without the filter). */
    public static RemoteSettings.Builder settingsOf(Config config) {
        RemoteSettings.Tls tls = null;
        if (config.tls_enabled()) {
            tls = new RemoteSettings.Tls(pathOf(config.tls_keystore()), chars(config.tls_keystore_password()),
                    pathOf(config.tls_truststore()), chars(config.tls_truststore_password()),
                    config.tls_store_type(), config.tls_client_auth());
            if (tls.keyStore() == null) {
                throw new IllegalArgumentException("configuration " + PID + ": tls.enabled needs tls.keystore");
            }
        }
        return RemoteSettings.builder().bindAddress(config.bind_address())
                .advertisedHost(config.advertise_host()).registryPort(config.registry_port())
                .objectPort(config.object_port()).servicePort(config.service_port())
                .connectTimeoutMs(config.connect_timeout_ms())
                .callTimeoutMs(config.call_timeout_ms()).readTimeoutMs(config.read_timeout_ms())
                .requestTimeoutMs(config.request_timeout_ms()).maxConnections(config.max_connections())
                .maxConnectionsPerHost(config.max_connections_per_host()).tls(tls)
                .peers(Arrays.stream(config.failover_peers()).flatMap(p -> Arrays.stream(p.split(",")))
                        .filter(p -> !p.isBlank()).toList());
    }

    private static Path pathOf(String text) {
        return text == null || text.isBlank() ? null : Path.of(text.trim());
    }

    private static char[] chars(String text) {
        return text == null || text.isEmpty() ? null : text.toCharArray();
    }

    /**
     * With failover, the registry binds a {@link FailoverNotice} naming the containers active for the instances this
     * one stands by for: a client's reference that finds its service not bound here says where it is served.
     */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    synchronized void bindRoles(FailoverRoles roles) {
        FailoverNotice notice = () -> String.join("; ", roles.roles().stream().filter(role -> !role.activeHere())
                .map(role -> role.instance() + ": " + Format.role(role)).toList());
        try {
            // the stub travels by copy in the registry entry, as a service's bootstrap proxy does
            exporter.bind(FailoverNotice.NAME, (Serializable) exporter.exportCallback(FailoverNotice.class, notice));
            this.notice = notice;
        } catch (RemoteException | RuntimeException e) {
            LOG.log(Level.WARNING, "remote access: clients this container stands by for are not told which "
                    + "container is active (binding " + FailoverNotice.NAME + " failed: " + e + ")");
        }
    }

    synchronized void unbindRoles(FailoverRoles roles) {
        if (notice != null) {
            exporter.unbind(FailoverNotice.NAME);
            exporter.unexportCallback(notice);
            notice = null;
        }
    }

    @Deactivate
    void deactivate() {
        exporter.close();
        LOG.log(Level.INFO, "remote access closed (registry port {0,number,#})", exporter.registryPort());
    }

    @Override
    public <B extends Remote> BackendRef<B> export(UUID serviceId, Class<B> type, B backend)
            throws RemoteException {
        return exporter.export(serviceId, type, backend);
    }

    @Override
    public void unexport(UUID serviceId) {
        exporter.unexport(serviceId);
    }

    @Override
    public void bind(String name, Serializable proxy) throws RemoteException {
        exporter.bind(name, proxy);
    }

    @Override
    public void unbind(String name) {
        exporter.unbind(name);
    }

    @Override
    public <T extends Remote> T exportCallback(Class<T> type, T object) throws RemoteException {
        return exporter.exportCallback(type, object);
    }

    @Override
    public boolean unexportCallback(Remote object) {
        return exporter.unexportCallback(object);
    }

    @Override
    public String host() {
        return exporter.host();
    }

    @Override
    public int registryPort() {
        return exporter.registryPort();
    }
}
