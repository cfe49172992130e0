package org.estuary.config.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.estuary.config.ConfigurationRule;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.cm.ConfigurationEvent;
import org.osgi.service.cm.ConfigurationListener;
import org.osgi.service.cm.ConfigurationPlugin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.metatype.MetaTypeService;

/**
 * Invalid values are refused with a message. Two hooks, one decision ({@link Guard}):
 * <ul>
 * <li>as a {@link ConfigurationPlugin}, it rewrites what Configuration Admin hands to a component (DS reads
 * configurations through {@code getProcessedProperties}, which runs the plugins), so a component never sees an
 * invalid value and is not rebuilt with one;</li>
 * <li>as a {@link ConfigurationListener}, it puts the last valid properties back into Configuration Admin (and so
 * into the console's form and the {@code etc/} file) and logs one WARN naming the PID, the attribute, the value
 * and the rule.</li>
 * </ul>
 */
@Component(service = {ConfigurationPlugin.class, ConfigurationListener.class},
        property = {ConfigurationPlugin.CM_RANKING + ":Integer=900"})
public final class ConfigGuard implements ConfigurationPlugin, ConfigurationListener {

    private static final System.Logger LOG = System.getLogger(ConfigGuard.class.getName());

    /** Where Felix FileInstall (Karaf's {@code etc/}) keeps a configuration: it writes updates back while set. */
    static final String FILE = "felix.fileinstall.filename";

    private final ConfigurationAdmin admin;
    private final Guard guard;
    /** The services' cross-attribute rules by PID (whiteboard). */
    private final Map<String, List<ConfigurationRule>> rules = new ConcurrentHashMap<>();

    @Activate
    public ConfigGuard(BundleContext context, @Reference ConfigurationAdmin admin,
            @Reference MetaTypeService metatype) {
        this.admin = admin;
        this.guard = new Guard(new MetatypeDefinitions(context, metatype),
                pid -> rules.getOrDefault(pid, List.of()));
        reviewStored();
    }

    ConfigGuard(ConfigurationAdmin admin, Guard guard) {
        this.admin = admin;
        this.guard = guard;
        reviewStored();
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void bindRule(ConfigurationRule rule, Map<String, Object> properties) {
        Object pid = properties.get(ConfigurationRule.PID);
        if (pid != null) {
            rules.compute(pid.toString(), (k, list) -> {
                List<ConfigurationRule> more = new ArrayList<>(list == null ? List.of() : list);
                more.add(rule);
                return List.copyOf(more);
            });
        }
    }

    void unbindRule(ConfigurationRule rule, Map<String, Object> properties) {
        Object pid = properties.get(ConfigurationRule.PID);
        if (pid != null) {
            rules.computeIfPresent(pid.toString(), (k, list) -> {
                List<ConfigurationRule> fewer = new ArrayList<>(list);
                fewer.remove(rule);
                return fewer.isEmpty() ? null : List.copyOf(fewer);
            });
        }
    }

    /** Configurations stored before this guard started (etc/ files, an earlier run) are checked once now. */
    private void reviewStored() {
        try {
            Configuration[] stored = admin.listConfigurations("(" + Constants.SERVICE_PID + "=" + Guard.PREFIX
                    + "*)");
            if (stored != null) {
                for (Configuration configuration : stored) {
                    review(configuration);
                }
            }
        } catch (IOException | InvalidSyntaxException | RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "could not check the stored Estuary configurations: " + e, e);
        }
    }

    @Override
    public void modifyConfiguration(ServiceReference<?> reference, Dictionary<String, Object> properties) {
        String pid = (String) properties.get(Constants.SERVICE_PID);
        if (!Guard.guarded(pid)) {
            return;
        }
        // The listener logs the refusal and repairs the stored copy; here the component only gets the valid one,
        // with a list given as one text (config:property-set) as its values.
        Map<String, Object> given = map(properties);
        Map<String, Object> lists = guard.lists(metatypePid(properties), given);
        Map<String, Object> seen = guard.review(pid, metatypePid(properties), lists)
                .map(refusal -> refusal.restored()).orElse(lists);
        if (seen != given) {
            for (String key : Collections.list(properties.keys())) {
                properties.remove(key);
            }
            seen.forEach(properties::put);
            properties.put(Constants.SERVICE_PID, pid);
        }
    }

    @Override
    public void configurationEvent(ConfigurationEvent event) {
        if (!Guard.guarded(event.getPid())) {
            return;
        }
        if (event.getType() == ConfigurationEvent.CM_DELETED) {
            guard.deleted(event.getPid());
            return;
        }
        if (event.getType() != ConfigurationEvent.CM_UPDATED) {
            return;
        }
        try {
            Configuration[] found = admin.listConfigurations("(" + Constants.SERVICE_PID + "="
                    + escape(event.getPid()) + ")");
            if (found != null && found.length == 1) {
                review(found[0]);
            }
        } catch (IOException | InvalidSyntaxException | RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "could not check the configuration " + event.getPid() + ": " + e,
                    e);
        }
    }

    private void review(Configuration configuration) throws IOException {
        long seen = configuration.getChangeCount(); // before the properties: a later update shows as a new count
        Dictionary<String, Object> properties = configuration.getProperties();
        if (properties == null) {
            return; // created, never updated: the defaults apply
        }
        Map<String, Object> given = map(properties);
        Map<String, Object> lists = guard.lists(metatypePid(properties), given);
        Optional<Guard.Refusal> refusal = guard.review(configuration.getPid(), metatypePid(properties), lists);
        if (refusal.isPresent()) {
            LOG.log(System.Logger.Level.WARNING, refusal.get().message());
            store(configuration, seen, inSameFile(refusal.get().restored(), given));
        } else if (lists != given) {
            // a list given as one text is stored as its values, so the console's form and the etc/ file show them
            store(configuration, seen, lists);
        }
    }

    /**
     * {@code restored} naming the {@code etc/} file the refused update came from ({@link #FILE}), so Felix FileInstall
     * writes the repair back into that file. The last valid properties may come from an update without a file (the
     * console's form) while the refused one came with its file (Karaf's {@code config:edit} writes the file and names
     * it); without the name, the file would keep the refused values.
     */
    static Map<String, Object> inSameFile(Map<String, Object> restored, Map<String, Object> given) {
        Object file = given.get(FILE);
        if (file == null || file.equals(restored.get(FILE))) {
            return restored;
        }
        Map<String, Object> named = new LinkedHashMap<>(restored);
        named.put(FILE, file);
        return named;
    }

    /** Stores {@code properties} unless the configuration changed since {@code seen}. */
    private static void store(Configuration configuration, long seen, Map<String, Object> properties)
            throws IOException {
        if (configuration.getChangeCount() != seen) {
            // A newer update came while this one was reviewed (an operator's next edit): repairing now would
            // overwrite it, and its own event reviews it. Configuration Admin has no compare-and-set, so a window of
            // one call remains; the component never sees an invalid value either way (modifyConfiguration).
            return;
        }
        Hashtable<String, Object> stored = new Hashtable<>(properties);
        stored.remove(Constants.SERVICE_PID); // Configuration Admin sets these itself
        stored.remove(ConfigurationAdmin.SERVICE_FACTORYPID);
        stored.remove(ConfigurationAdmin.SERVICE_BUNDLELOCATION);
        configuration.update(stored);
    }

    /** A factory configuration's metatype is declared for its factory PID. */
    private static String metatypePid(Dictionary<String, Object> properties) {
        Object factoryPid = properties.get(ConfigurationAdmin.SERVICE_FACTORYPID);
        return factoryPid != null ? factoryPid.toString() : (String) properties.get(Constants.SERVICE_PID);
    }

    private static Map<String, Object> map(Dictionary<String, Object> properties) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (String key : Collections.list(properties.keys())) {
            map.put(key, properties.get(key));
        }
        return map;
    }

    private static String escape(String value) {
        return value.replace("\\", "\\\\").replace("*", "\\*").replace("(", "\\(").replace(")", "\\)");
    }
}
