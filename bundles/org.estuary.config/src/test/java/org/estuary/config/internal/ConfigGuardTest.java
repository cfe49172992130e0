package org.estuary.config.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Dictionary;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.cm.ConfigurationEvent;

/**
 * What the configuration guard does to Configuration Admin. A component gets the last valid properties from the plugin
 * hook; the stored configuration is put back by the listener hook.
 */
class ConfigGuardTest {

    private static final String PID = "org.estuary.renewal";

    /** The one stored configuration of the fake Configuration Admin and every update made to it. */
    private final Hashtable<String, Object> stored = new Hashtable<>();
    private final List<Map<String, Object>> updates = new ArrayList<>();
    /** Configuration Admin's change count of the stored configuration. */
    private long changeCount;
    /** Runs right after the guard read the stored properties: an operator's edit landing meanwhile. */
    private Runnable afterRead;

    @Test
    void theComponentSeesTheLastValidPropertiesInsteadOfAnInvalidUpdate() {
        ConfigGuard guard = guard();
        Hashtable<String, Object> valid = properties("max.sets", "20");
        guard.modifyConfiguration(null, valid);
        assertEquals("20", valid.get("max.sets"));

        Hashtable<String, Object> invalid = properties("max.sets", "0");
        invalid.put("renewal.lead.ms", "7");
        guard.modifyConfiguration(null, invalid);
        assertEquals(properties("max.sets", "20"), invalid);
    }

    @Test
    void anInvalidStoredUpdateIsOverwrittenWithTheLastValidOne() {
        ConfigGuard guard = guard();
        store(properties("max.sets", "20"));
        guard.configurationEvent(event());
        assertEquals(List.of(), updates, "a valid update is left alone");

        store(properties("max.sets", "-3"));
        guard.configurationEvent(event());
        assertEquals(List.of(Map.of("max.sets", "20")), updates);
    }

    @Test
    void anEditLandingWhileTheGuardRepairsAnInvalidUpdateIsNotOverwritten() {
        ConfigGuard guard = guard();
        store(properties("max.sets", "20"));
        guard.configurationEvent(event());
        store(properties("max.sets", "-3"));
        afterRead = () -> store(properties("max.sets", "30")); // the operator's next edit, valid
        guard.configurationEvent(event());
        assertEquals(List.of(), updates, "the repair of -3 would have overwritten the newer edit");
        assertEquals("30", stored.get("max.sets"));

        guard.configurationEvent(event()); // the edit's own event
        assertEquals(List.of(), updates, "and the edit is valid");
    }

    /**
     * A configuration last valid without a file (set in the console's form) and refused with one (Karaf's config:edit
     * writes the etc/ file, then names it): the repair names the file, so FileInstall writes the valid values into it.
     */
    @Test
    void aRepairKeepsTheFileTheRefusedUpdateCameFrom() {
        ConfigGuard guard = guard();
        store(properties("max.sets", "20"));
        guard.configurationEvent(event());

        Hashtable<String, Object> edited = properties("max.sets", "0");
        edited.put("felix.fileinstall.filename", "file:/etc/org.estuary.renewal.cfg");
        store(edited);
        guard.configurationEvent(event());
        assertEquals(List.of(Map.of("max.sets", "20", "felix.fileinstall.filename",
                "file:/etc/org.estuary.renewal.cfg")), updates);
    }

    @Test
    void anInvalidConfigurationStoredBeforeTheGuardStartedLosesItsInvalidAttributes() {
        Hashtable<String, Object> before = properties("max.sets", "abc");
        before.put("renewal.lead.ms", "9");
        store(before);
        guard();
        assertEquals(List.of(Map.of("renewal.lead.ms", "9")), updates);
    }

    /** Karaf's config:property-set stores a list as one text: the component and the stored copy get its values. */
    @Test
    void aListSetAsOneTextReachesTheComponentAndTheStoreAsItsValues() {
        ConfigGuard guard = guard();
        Hashtable<String, Object> typed = properties("allowlist.extra", "com.example.*, org.acme.**,a\\,b");
        guard.modifyConfiguration(null, typed);
        assertArrayEquals(new String[] {"com.example.*", "org.acme.**", "a,b"}, (String[]) typed.get("allowlist.extra"));

        Hashtable<String, Object> file = properties("allowlist.extra", "com.example.*,org.acme.**");
        file.put("felix.fileinstall.filename", "file:/etc/org.estuary.renewal.cfg");
        store(file);
        guard.configurationEvent(event());
        assertEquals(1, updates.size());
        assertArrayEquals(new String[] {"com.example.*", "org.acme.**"}, (String[]) stored.get("allowlist.extra"));
        assertEquals("file:/etc/org.estuary.renewal.cfg", stored.get("felix.fileinstall.filename"));
        guard.configurationEvent(event());
        assertEquals(1, updates.size(), "a list stored as its values is left alone");

        Hashtable<String, Object> array = properties("allowlist.extra", new String[] {"x.*"});
        guard.modifyConfiguration(null, array);
        assertArrayEquals(new String[] {"x.*"}, (String[]) array.get("allowlist.extra"));
    }

    @Test
    void otherPidsAreLeftAlone() {
        ConfigGuard guard = guard();
        Hashtable<String, Object> other = new Hashtable<>(Map.of("service.pid", "org.apache.karaf.log",
                "max.sets", "0"));
        guard.modifyConfiguration(null, other);
        assertEquals("0", other.get("max.sets"));
    }

    private ConfigGuard guard() {
        return new ConfigGuard(admin(), new Guard(pid -> pid.equals(PID) ? Definitions.renewal() : null,
                pid -> List.of()));
    }

    private static Hashtable<String, Object> properties(String key, Object value) {
        return new Hashtable<>(Map.of("service.pid", PID, key, value));
    }

    private void store(Hashtable<String, Object> properties) {
        stored.clear();
        stored.putAll(properties);
        changeCount++;
    }

    private ConfigurationEvent event() {
        return new ConfigurationEvent(reference(), ConfigurationEvent.CM_UPDATED, null, PID);
    }

    @SuppressWarnings("unchecked")
    private ServiceReference<ConfigurationAdmin> reference() {
        return (ServiceReference<ConfigurationAdmin>) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ServiceReference.class}, (proxy, method, args) -> null);
    }

    @SuppressWarnings("unchecked")
    private ConfigurationAdmin admin() {
        Configuration configuration = (Configuration) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {Configuration.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getPid" -> PID;
                    case "getChangeCount" -> changeCount;
                    case "getProperties" -> {
                        Hashtable<String, Object> read = stored.isEmpty() ? null : new Hashtable<>(stored);
                        Runnable edit = afterRead;
                        afterRead = null;
                        if (edit != null) {
                            edit.run();
                        }
                        yield read;
                    }
                    case "update" -> {
                        Map<String, Object> update = new HashMap<>();
                        Dictionary<String, Object> given = (Dictionary<String, Object>) args[0];
                        for (String key : Collections.list(given.keys())) {
                            update.put(key, given.get(key));
                        }
                        updates.add(update);
                        store(new Hashtable<>(update));
                        stored.put("service.pid", PID);
                        yield null;
                    }
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        return (ConfigurationAdmin) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ConfigurationAdmin.class}, (proxy, method, args) -> {
                    if (method.getName().equals("listConfigurations")) {
                        return stored.isEmpty() ? null : new Configuration[] {configuration};
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    @Test
    void aDeletedConfigurationIsNotRestored() {
        ConfigGuard guard = guard();
        guard.configurationEvent(new ConfigurationEvent(reference(), ConfigurationEvent.CM_DELETED, null, PID));
        assertNull(stored.get("max.sets"));
        assertEquals(List.of(), updates);
    }
}
