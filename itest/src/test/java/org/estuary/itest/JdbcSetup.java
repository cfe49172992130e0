package org.estuary.itest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The operator's setup of the distribution on the jdbc store (bundles/store.jdbc/README.md): a pooled DataSource
 * ({@code etc/org.ops4j.datasource-estuary.cfg}), the store's table prefix, and {@code estuary-store-jdbc} among the
 * features of the first boot, so the services start on it (it outranks the embedded store).
 */
final class JdbcSetup {

    private JdbcSetup() {
    }

    /**
     * PostgreSQL at {@code 127.0.0.1:dbPort}, tables named {@code prefix}..., connections named {@code application};
     * a statement that gets no answer fails after {@code socketTimeoutSeconds}.
     */
    static RunningDistribution.Setup jdbcStore(int dbPort, String prefix, String application, int socketTimeoutSeconds) {
        return home -> {
            Path etc = home.resolve("etc");
            Files.writeString(etc.resolve("org.ops4j.datasource-estuary.cfg"), String.join("\n",
                    "osgi.jdbc.driver.name = PostgreSQL JDBC Driver",
                    "dataSourceName = estuary",
                    "url = jdbc:postgresql://127.0.0.1:" + dbPort + "/postgres?connectTimeout=15&socketTimeout="
                            + socketTimeoutSeconds + "&reWriteBatchedInserts=true&ApplicationName=" + application,
                    "user = postgres",
                    "pool = hikari",
                    "xa = false",
                    "hikari.maximumPoolSize = 8",
                    // a loaded machine can take seconds to open a connection: the pool waits for one rather than
                    // failing at its start (then the store would not start, and the services stay on the embedded store)
                    "hikari.connectionTimeout = 15000",
                    "hikari.initializationFailTimeout = -1", ""));
            Files.writeString(etc.resolve("org.estuary.store.jdbc.cfg"), "table.prefix = " + prefix + "\n");
            bootFeature(home, "estuary-store-jdbc");
        };
    }

    /** Adds {@code feature} to the features Karaf installs at its first boot ({@code featuresBoot}). */
    private static void bootFeature(Path home, String feature) throws IOException {
        Path features = home.resolve("etc/org.apache.karaf.features.cfg");
        String text = Files.readString(features);
        String boot = text.replaceFirst("(?m)^featuresBoot\\s*=\\s*\\\\$", "featuresBoot = " + feature + ", \\\\");
        if (boot.equals(text)) {
            throw new IllegalStateException("no featuresBoot = \\ line in " + features);
        }
        Files.writeString(features, boot);
    }
}
