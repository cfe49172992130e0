package org.estuary.renewal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import javax.management.RuntimeOperationsException;
import javax.management.StandardMBean;

import net.jini.lease.LeaseRenewalSet;

import org.estuary.management.Ids;
import org.estuary.renewal.admin.RenewalAdmin;
import org.junit.jupiter.api.Test;

/** The renewal service's MXBean shows the counts and performs the actions, in open types. */
class RenewalAdminMBeanTest extends HarnessTest {

    private final MBeanServer server = MBeanServerFactory.newMBeanServer(); // not kept by the factory

    @Test
    void item4CountsListsAndActionsThroughAnMBeanServer() throws Exception {
        RenewalService service = harness.start();
        LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(60_000);
        set.renewFor(landlord.grant(10_000), 120_000);
        set.renewFor(landlord.grant(10_000), 120_000);
        RenewalAdmin admin = new AdminView(service);
        ObjectName name = new ObjectName(RenewalAdminMXBean.OBJECT_NAME);
        server.registerMBean(new StandardMBean(new RenewalAdminMBeanImpl(admin), RenewalAdminMXBean.class, true),
                name);

        assertEquals(1L, server.getAttribute(name, "SetCount"));
        assertEquals(2L, server.getAttribute(name, "LeaseCount"));
        javax.management.openmbean.TabularData metrics =
                (javax.management.openmbean.TabularData) server.getAttribute(name, "Metrics");
        assertEquals(10, metrics.size());
        String id = Ids.format(admin.sets(0, 1).items().get(0).setId());
        String[] sets = (String[]) server.invoke(name, "sets", new Object[] {0L, 10},
                new String[] {"long", "int"});
        assertEquals(1, sets.length);
        assertTrue(sets[0].startsWith(id + " "), sets[0]);
        String[] leases = (String[]) server.invoke(name, "leases", new Object[] {id, 0L, 10},
                new String[] {String.class.getName(), "long", "int"});
        assertEquals(2, leases.length);
        assertTrue((Boolean) server.invoke(name, "removeLease", new Object[] {id, "1"},
                new String[] {String.class.getName(), String.class.getName()}));
        assertEquals(1L, server.getAttribute(name, "LeaseCount"));
        assertTrue((Boolean) server.invoke(name, "cancelSet", new Object[] {id},
                new String[] {String.class.getName()}));
        assertFalse((Boolean) server.invoke(name, "cancelSet", new Object[] {id},
                new String[] {String.class.getName()}));
        assertEquals(0L, server.getAttribute(name, "SetCount"));
        Exception bad = assertThrows(Exception.class, () -> server.invoke(name, "cancelSet",
                new Object[] {"not-an-id"}, new String[] {String.class.getName()}));
        assertTrue(bad instanceof RuntimeOperationsException || bad.getCause() instanceof IllegalArgumentException,
                bad.toString());
    }
}
