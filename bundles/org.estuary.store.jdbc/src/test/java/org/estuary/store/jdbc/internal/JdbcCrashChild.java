package org.estuary.store.jdbc.internal;

import org.estuary.store.api.testing.CrashWorkload;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The client JVM {@link JdbcCrashKillTest} kills: {@link CrashWorkload} through the jdbc store into the test's
 * PostgreSQL (the port is its argument).
 */
public final class JdbcCrashChild {

    static final String PREFIX = "crash_";

    public static void main(String[] args) throws Exception {
        JdbcStore store = Stores.open(dataSource(Integer.parseInt(args[0])), settings());
        CrashWorkload.run(store);
        store.close();
    }

    static Settings settings() {
        return new Settings(PREFIX, 1_000_000, 1L << 30, 256, 1_000, 64, 30);
    }

    static PGSimpleDataSource dataSource(int port) {
        PGSimpleDataSource source = new PGSimpleDataSource();
        source.setServerNames(new String[] {"127.0.0.1"});
        source.setPortNumbers(new int[] {port});
        source.setDatabaseName("postgres");
        source.setUser("postgres");
        source.setApplicationName("estuary-crash-child");
        source.setConnectTimeout(5);
        source.setSocketTimeout(60);
        return source;
    }
}
