package org.estuary.discovery.service;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.estuary.config.ConfigurationRule;
import org.osgi.service.component.annotations.Component;

/**
 * The rules across the lookup discovery service's attributes that its constructor enforces (LeasePolicy,
 * DeliveryConfig), so the configuration guard refuses an update breaking them.
 */
@Component(property = ConfigurationRule.PID + "=" + DiscoveryComponent.PID)
public final class DiscoveryConfigurationRule implements ConfigurationRule {

    @Override
    public List<String> check(Map<String, String> effective) {
        List<String> problems = new ArrayList<>();
        // LD.3.1, LE: a lease granted for Lease.ANY is never longer than the longest one granted
        ConfigurationRule.atMost(effective, "registration.lease.default.ms", "registration.lease.maximum.ms",
                problems);
        ConfigurationRule.atMost(effective, "event.retry.initial.ms", "event.retry.max.ms", problems);
        return problems;
    }
}
