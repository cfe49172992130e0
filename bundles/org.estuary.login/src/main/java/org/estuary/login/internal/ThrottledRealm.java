package org.estuary.login.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.AppConfigurationEntry.LoginModuleControlFlag;

import org.apache.karaf.jaas.boot.ProxyLoginModule;
import org.apache.karaf.jaas.config.JaasRealm;
import org.estuary.io.RateLimitedLog;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.FieldOption;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The {@code karaf} realm that the ssh server, the web console and JMX log in through, ranked above Karaf's own
 * ({@value #RANK} against 0, and Karaf's JAAS configuration takes the highest-ranked realm of a name): its entries
 * are {@link ThrottleLoginModule} followed by every entry of the highest-ranked other {@code karaf} realm, Karaf's
 * own unless the operator installed another, so its users file, password encryption and audit stay as
 * {@code etc/org.apache.karaf.jaas.cfg} configures them and follow its changes. Configured through PID
 * {@value #PID}; a configuration change re-creates the component and forgets the failures counted so far.
 */
@Component(name = ThrottledRealm.PID, configurationPid = ThrottledRealm.PID, service = JaasRealm.class,
        property = ThrottledRealm.MARK + "=true")
@Designate(ocd = ThrottledRealm.Config.class)
public final class ThrottledRealm implements JaasRealm {

    /** The configuration PID and component name. */
    public static final String PID = "org.estuary.login";
    /** The realm's name: the one Karaf's ssh server, web console and JMX use. */
    static final String REALM = "karaf";
    /** Above the 0 of Karaf's own realm. */
    static final int RANK = 1;
    /** The service property that tells this realm from the one it wraps. */
    static final String MARK = "org.estuary.login.throttled";

    private static final System.Logger LOG = System.getLogger(PID);

    /** The delays of password logins after failed ones. */
    @ObjectClassDefinition(name = "Estuary login throttle",
            description = "Slows down password logins to the karaf realm (ssh, web console, JMX) after failed ones "
                    + "and logs the failures, rate-limited. Public-key logins over ssh are neither delayed nor "
                    + "counted.")
    public @interface Config {

        @AttributeDefinition(name = "Free failures", min = "0",
                description = "Failed password logins within the window that slow nothing down.")
        int free_failures() default 5;

        @AttributeDefinition(name = "First delay (ms)", min = "1",
                description = "What every password login waits before its check once more failures than the free "
                        + "ones are in the window; each further failure doubles it.")
        int delay_ms() default 500;

        @AttributeDefinition(name = "Largest delay (ms)", min = "1",
                description = "The most a password login waits, right password or not: what guessing can cost the "
                        + "administrator per login, and the least it costs each guess.")
        int max_delay_ms() default 5_000;

        @AttributeDefinition(name = "Window (s)", min = "1",
                description = "How long a failed password login counts.")
        int window_seconds() default 60;

        @AttributeDefinition(name = "Log interval (s)", min = "1",
                description = "At most one WARN line per interval about failed logins, with the count of the lines "
                        + "left out.")
        int log_interval_seconds() default 10;
    }

    private final long bundleId;
    private final LoginThrottle throttle;

    /** Every other {@code JaasRealm} service; the one wrapped is chosen at each login. */
    @Reference(service = JaasRealm.class, target = "(!(" + MARK + "=*))", cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            fieldOption = FieldOption.UPDATE)
    private final List<JaasRealm> others = new CopyOnWriteArrayList<>();

    /**
     * @throws IllegalArgumentException if the configuration's delays or window are out of range (the metatype's
     *     bounds and {@link LoginConfigurationRule} keep such a configuration from reaching the component)
     */
    @Activate
    public ThrottledRealm(BundleContext context, Config config) {
        this.bundleId = context.getBundle().getBundleId();
        LoginDelays delays = new LoginDelays(System::nanoTime, config.free_failures(), config.delay_ms(),
                config.max_delay_ms(), Duration.ofSeconds(config.window_seconds()).toMillis());
        this.throttle = new LoginThrottle(delays,
                new RateLimitedLog(LOG, Duration.ofSeconds(config.log_interval_seconds())), config.window_seconds());
        LOG.log(System.Logger.Level.INFO, "Estuary login throttle active on the karaf realm: free.failures="
                + config.free_failures() + ", delay.ms=" + config.delay_ms() + ", max.delay.ms="
                + config.max_delay_ms() + ", window.seconds=" + config.window_seconds() + ", log.interval.seconds="
                + config.log_interval_seconds());
    }

    @Override
    public String getName() {
        return REALM;
    }

    @Override
    public int getRank() {
        return RANK;
    }

    /**
     * The throttle's entry, then the wrapped realm's; only the throttle's when no other {@code karaf} realm is
     * registered, so that no one logs in then (the throttle authenticates no one).
     */
    @Override
    public AppConfigurationEntry[] getEntries() {
        Map<String, Object> options = new HashMap<>();
        options.put(ProxyLoginModule.PROPERTY_MODULE, ThrottleLoginModule.class.getName());
        options.put(ProxyLoginModule.PROPERTY_BUNDLE, Long.toString(bundleId));
        options.put(ThrottleLoginModule.THROTTLE, throttle);
        List<AppConfigurationEntry> entries = new ArrayList<>();
        entries.add(new AppConfigurationEntry(ProxyLoginModule.class.getName(), LoginModuleControlFlag.OPTIONAL,
                options));
        JaasRealm wrapped = wrapped(others);
        if (wrapped != null) {
            entries.addAll(Arrays.asList(wrapped.getEntries()));
        }
        return entries.toArray(new AppConfigurationEntry[0]);
    }

    /** The highest-ranked {@code karaf} realm among {@code realms} ranked below this one, or null. */
    static JaasRealm wrapped(List<JaasRealm> realms) {
        JaasRealm best = null;
        for (JaasRealm realm : realms) {
            if (REALM.equals(realm.getName()) && realm.getRank() < RANK
                    && (best == null || realm.getRank() > best.getRank())) {
                best = realm;
            }
        }
        return best;
    }
}
