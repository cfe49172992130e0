package org.estuary.itest;

import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.editConfigurationFilePut;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.features;

import org.estuary.store.api.Store;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.MavenUtils;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;

/**
 * The store suite on the PostgreSQL store against a real server: the test starts a private PostgreSQL, installs the
 * `estuary-store-jdbc` feature and configures it the way the bundle's README tells operators to: pax-jdbc-config turns
 * {@code etc/org.ops4j.datasource-estuary.cfg} into a pooled DataSource service, and the store's PID
 * {@code org.estuary.store.jdbc} selects it and names its tables.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class JdbcStoreIT extends AbstractStoreIT {

    private static final String DATASOURCE = "etc/org.ops4j.datasource-estuary.cfg";
    private static final String STORE = "etc/org.estuary.store.jdbc.cfg";

    @Override
    protected String type() {
        return Store.TYPE_JDBC;
    }

    @Override
    protected String bundleName() {
        return "org.estuary.store.jdbc";
    }

    @Override
    protected boolean persistent() {
        return true;
    }

    @Override
    protected Option[] backend() {
        int port = PrivatePostgres.port();
        String version = MavenUtils.getArtifactVersion("org.estuary", "estuary-karaf");
        return new Option[] {
            features("mvn:org.estuary/estuary-features/" + version + "/xml/features", "estuary-store-jdbc"),
            editConfigurationFilePut(DATASOURCE, "osgi.jdbc.driver.name", "PostgreSQL JDBC Driver"),
            editConfigurationFilePut(DATASOURCE, "dataSourceName", "estuary-itest"),
            editConfigurationFilePut(DATASOURCE, "url", "jdbc:postgresql://127.0.0.1:" + port
                    + "/postgres?connectTimeout=5&socketTimeout=60&reWriteBatchedInserts=true"
                    + "&ApplicationName=estuary-itest"),
            editConfigurationFilePut(DATASOURCE, "user", "postgres"),
            editConfigurationFilePut(DATASOURCE, "pool", "hikari"),
            editConfigurationFilePut(DATASOURCE, "xa", "false"),
            editConfigurationFilePut(DATASOURCE, "hikari.maximumPoolSize", "4"),
            editConfigurationFilePut(DATASOURCE, "hikari.connectionTimeout", "5000"),
            editConfigurationFilePut(STORE, "dataSource.target", "(dataSourceName=estuary-itest)"),
            editConfigurationFilePut(STORE, "table.prefix", "itest_"),
        };
    }
}
