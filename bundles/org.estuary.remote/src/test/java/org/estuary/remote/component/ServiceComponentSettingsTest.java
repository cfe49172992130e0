package org.estuary.remote.component;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * What a new configuration of a service's component compares: a new {@code store.target} alone is SCR's to apply
 * (it rebinds the store, and the service copies its state there, S8); any other changed setting needs the service
 * built again.
 */
class ServiceComponentSettingsTest {

    private static final Map<String, Object> ACTIVE = Map.of("component.name", "org.estuary.txn", "component.id", 7L,
            "service.pid", "org.estuary.txn", "store.target", "(store.type=*)", "threads", 16,
            "groups", new String[] {"a", "b"});

    @Test
    void aNewStoreTargetAloneKeepsTheSettings() {
        Map<String, Object> changed = new java.util.HashMap<>(ACTIVE);
        changed.put("store.target", "(store.type=memory)");
        changed.put("marshaller.target", "(x=y)");
        assertTrue(ServiceComponent.sameSettings(ServiceComponent.settings(ACTIVE),
                ServiceComponent.settings(changed)));
    }

    @Test
    void arraysCompareByContent() {
        Map<String, Object> same = new java.util.HashMap<>(ACTIVE);
        same.put("groups", new String[] {"a", "b"});
        assertTrue(ServiceComponent.sameSettings(ServiceComponent.settings(ACTIVE), ServiceComponent.settings(same)));
        same.put("groups", new String[] {"a"});
        assertFalse(ServiceComponent.sameSettings(ServiceComponent.settings(ACTIVE), ServiceComponent.settings(same)));
    }

    @Test
    void anotherValueAnAddedOrARemovedSettingIsAChange() {
        Map<String, Object> other = new java.util.HashMap<>(ACTIVE);
        other.put("threads", 8);
        assertFalse(ServiceComponent.sameSettings(ServiceComponent.settings(ACTIVE), ServiceComponent.settings(other)));
        Map<String, Object> added = new java.util.HashMap<>(ACTIVE);
        added.put("queue", 10);
        assertFalse(ServiceComponent.sameSettings(ServiceComponent.settings(ACTIVE), ServiceComponent.settings(added)));
        Map<String, Object> removed = new java.util.HashMap<>(ACTIVE);
        removed.remove("threads");
        assertFalse(ServiceComponent.sameSettings(ServiceComponent.settings(ACTIVE),
                ServiceComponent.settings(removed)));
    }

    @Test
    void whereTheConfigurationIsKeptIsNotASetting() {
        assertEquals(java.util.Set.of("component.name", "threads", "groups"),
                ServiceComponent.settings(ACTIVE).keySet());
        Map<String, Object> defaults = Map.of("component.name", "org.estuary.txn", "component.id", 7L);
        Map<String, Object> first = Map.of("component.name", "org.estuary.txn", "component.id", 7L, "service.pid",
                "org.estuary.txn", "felix.fileinstall.filename", "file:/etc/org.estuary.txn.cfg", "store.target",
                "(store.type=memory)");
        assertTrue(ServiceComponent.sameSettings(ServiceComponent.settings(defaults),
                ServiceComponent.settings(first)), "a first configuration naming only the store");
    }
}
