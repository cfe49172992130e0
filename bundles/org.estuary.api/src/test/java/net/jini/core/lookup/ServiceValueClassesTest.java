package net.jini.core.lookup;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import net.jini.core.entry.Entry;

import org.junit.jupiter.api.Test;

// LD.1.2: lookup types referenced by the LD spec, with the published Jini 2.x public fields and serial forms.
class ServiceValueClassesTest {

    static final class Name implements Entry {
        private static final long serialVersionUID = 1L;
        public String name;

        public Name() {
        }

        Name(String name) {
            this.name = name;
        }
    }

    @Test
    void serviceItemKeepsItsArguments() {
        ServiceID id = new ServiceID(1, 2);
        Object proxy = new Object();
        Entry[] attrs = {new Name("x")};
        ServiceItem item = new ServiceItem(id, proxy, attrs);
        assertSame(id, item.serviceID);
        assertSame(proxy, item.service);
        assertSame(attrs, item.attributeSets);
        assertTrue(item.toString().contains(id.toString()));
        ServiceItem empty = new ServiceItem(null, null, null);
        assertNull(empty.serviceID);
    }

    @Test
    void serviceTemplateKeepsItsArguments() {
        ServiceID id = new ServiceID(1, 2);
        Class<?>[] types = {ServiceRegistrar.class};
        Entry[] tmpls = {new Name(null)};
        ServiceTemplate t = new ServiceTemplate(id, types, tmpls);
        assertSame(id, t.serviceID);
        assertSame(types, t.serviceTypes);
        assertSame(tmpls, t.attributeSetTemplates);
        assertTrue(t.toString().contains(ServiceRegistrar.class.getName()));
    }

    @Test
    void serviceMatchesKeepsItsArguments() {
        ServiceItem[] items = {new ServiceItem(new ServiceID(3, 4), "p", new Entry[0])};
        ServiceMatches m = new ServiceMatches(items, 17);
        assertSame(items, m.items);
        assertEquals(17, m.totalMatches);
        assertTrue(m.toString().contains("17"));
    }

    @Test
    void serialForms() throws Exception {
        assertEquals(717395451032330758L, SerialTestSupport.uid(ServiceItem.class));
        assertEquals(Map.of("serviceID", ServiceID.class.getName(), "service", "java.lang.Object", "attributeSets",
                "[L" + Entry.class.getName() + ";"), SerialTestSupport.serialFields(ServiceItem.class));
        assertEquals(7854483807886483216L, SerialTestSupport.uid(ServiceTemplate.class));
        assertEquals(Map.of("serviceID", ServiceID.class.getName(), "serviceTypes", "[Ljava.lang.Class;",
                "attributeSetTemplates", "[L" + Entry.class.getName() + ";"),
                SerialTestSupport.serialFields(ServiceTemplate.class));
        assertEquals(-5518280843537399398L, SerialTestSupport.uid(ServiceMatches.class));
        assertEquals(Map.of("items", "[L" + ServiceItem.class.getName() + ";", "totalMatches", "int"),
                SerialTestSupport.serialFields(ServiceMatches.class));
    }

    @Test
    void valuesSurviveSerialization() throws Exception {
        ServiceItem item = new ServiceItem(new ServiceID(5, 6), "proxy", new Entry[] {new Name("n")});
        ServiceMatches m = SerialTestSupport.roundTrip(new ServiceMatches(new ServiceItem[] {item}, 3));
        assertEquals(3, m.totalMatches);
        assertEquals(new ServiceID(5, 6), m.items[0].serviceID);
        assertEquals("proxy", m.items[0].service);
        assertEquals("n", ((Name) m.items[0].attributeSets[0]).name);
        ServiceTemplate t = SerialTestSupport.roundTrip(
                new ServiceTemplate(null, new Class<?>[] {String.class}, null));
        assertArrayEquals(new Class<?>[] {String.class}, t.serviceTypes);
        assertNull(t.serviceID);
    }
}
