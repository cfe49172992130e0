package org.estuary.management.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import javax.management.StandardMBean;

import org.estuary.store.api.StoreStats;
import org.junit.jupiter.api.Test;

/** A store's numbers over JMX, as an MBean server (and so jconsole) reads them. */
class StoreBeanTest {

    @Test
    void attributesAreTheStoresStatsInOpenTypes() throws Exception {
        StoreStats stats = StoreStats.builder("rocksdb").contents(3, 120).limits(10, 1000).queued(2).outcomes(7, 1)
                .latency(1_500_000, 9_000_000).diskBytes(20_971_520).lastFailure("disk full").build();
        StoreBean bean = new StoreBean(42, "rocksdb", () -> stats, () -> List.of("org.estuary.renewal [61]"));
        MBeanServer server = MBeanServerFactory.newMBeanServer();
        ObjectName name = new ObjectName(StoreBean.objectName("rocksdb", 42));
        server.registerMBean(new StandardMBean(bean, StoreMXBean.class, true), name);

        assertEquals("rocksdb", server.getAttribute(name, "Type"));
        assertEquals(42L, server.getAttribute(name, "ServiceId"));
        assertEquals(3L, server.getAttribute(name, "Records"));
        assertEquals(120L, server.getAttribute(name, "Bytes"));
        assertEquals(20_971_520L, server.getAttribute(name, "DiskBytes"));
        assertEquals(2L, server.getAttribute(name, "Queued"));
        assertEquals(7L, server.getAttribute(name, "Commits"));
        assertEquals(1L, server.getAttribute(name, "Failures"));
        assertEquals(1_500L, server.getAttribute(name, "LastCommitMicros"));
        assertEquals(9_000L, server.getAttribute(name, "P99CommitMicros"));
        assertEquals("disk full", server.getAttribute(name, "LastFailure"));
        assertArrayEquals(new String[] {"org.estuary.renewal [61]"}, (String[]) server.getAttribute(name, "Users"));
    }

    @Test
    void aStoreWithNothingOnDiskSaysMinusOne() {
        StoreBean bean = new StoreBean(7, "memory", () -> StoreStats.builder("memory").build(), List::of);
        assertEquals(StoreStats.NOT_ON_DISK, bean.getDiskBytes());
        assertNull(bean.getLastFailure());
    }

    @Test
    void theNameCarriesTypeAndServiceId() throws Exception {
        ObjectName name = new ObjectName(StoreBean.objectName("jdbc", 118));
        assertEquals("org.estuary", name.getDomain());
        assertEquals("Store", name.getKeyProperty("type"));
        assertEquals("jdbc", name.getKeyProperty("name"));
        assertEquals("118", name.getKeyProperty("service.id"));
        assertEquals("\"odd,type\"", new ObjectName(StoreBean.objectName("odd,type", 1)).getKeyProperty("name"));
    }
}
