package org.estuary.renewal.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.estuary.config.ConfigurationRule;
import org.osgi.service.component.annotations.Component;

/**
 * The rules across the renewal service's attributes that its constructor enforces (LeasePolicy,
 * DeliveryConfig), so the configuration guard refuses an update breaking them instead of the component failing.
 */
@Component(property = ConfigurationRule.PID + "=" + RenewalComponent.PID)
public final class RenewalConfigurationRule implements ConfigurationRule {

    @Override
    public List<String> check(Map<String, String> effective) {
        List<String> problems = new ArrayList<>();
        // LR.2: a set lease granted for Lease.ANY is never longer than the longest one granted
        ConfigurationRule.atMost(effective, "set.lease.default.ms", "set.lease.maximum.ms", problems);
        ConfigurationRule.atMost(effective, "renewal.retry.initial.ms", "renewal.retry.max.ms", problems);
        ConfigurationRule.atMost(effective, "event.retry.initial.ms", "event.retry.max.ms", problems);
        return problems;
    }
}
