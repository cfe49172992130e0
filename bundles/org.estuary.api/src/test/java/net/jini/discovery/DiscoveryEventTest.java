package net.jini.discovery;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.Map;

import net.jini.core.lookup.SerialTestSupport;
import net.jini.core.lookup.ServiceRegistrar;
import net.jini.core.lookup.StubRegistrar;

import org.junit.jupiter.api.Test;

// LD.1.2: DiscoveryEvent, DiscoveryListener and DiscoveryGroupManagement as referenced by LD (published Jini 2.x).
class DiscoveryEventTest {

    @Test
    void arrayConstructorKeepsTheArrayAndHasNoGroups() {
        ServiceRegistrar[] regs = {new StubRegistrar(1), new StubRegistrar(2)};
        DiscoveryEvent e = new DiscoveryEvent("src", regs);
        assertSame(regs, e.getRegistrars());
        assertSame(regs, e.getRegistrars());
        assertNull(e.getGroups());
        assertEquals("src", e.getSource());
    }

    @Test
    void mapConstructorTakesTheRegistrarsFromTheKeys() {
        Map<ServiceRegistrar, String[]> groups = new LinkedHashMap<>();
        groups.put(new StubRegistrar(1), new String[] {"a"});
        groups.put(new StubRegistrar(2), new String[] {"b", "c"});
        DiscoveryEvent e = new DiscoveryEvent("src", groups);
        assertSame(groups, e.getGroups());
        assertArrayEquals(new ServiceRegistrar[] {new StubRegistrar(1), new StubRegistrar(2)}, e.getRegistrars());
        assertSame(e.getRegistrars(), e.getRegistrars());
    }

    @Test
    void constructorChecks() {
        assertThrows(IllegalArgumentException.class, () -> new DiscoveryEvent(null, new ServiceRegistrar[0]));
        assertThrows(NullPointerException.class, () -> new DiscoveryEvent("src", (Map<ServiceRegistrar, String[]>) null));
    }

    @Test
    void serialForm() throws Exception {
        assertEquals(5280303374696501479L, SerialTestSupport.uid(DiscoveryEvent.class));
        assertEquals(Map.of("regs", "[L" + ServiceRegistrar.class.getName() + ";", "groups", Map.class.getName()),
                SerialTestSupport.serialFields(DiscoveryEvent.class));
    }

    @Test
    void groupManagementConstants() {
        // LD.3.1: ALL_GROUPS is null, NO_GROUPS is the empty array
        assertNull(DiscoveryGroupManagement.ALL_GROUPS);
        assertEquals(0, DiscoveryGroupManagement.NO_GROUPS.length);
    }
}
