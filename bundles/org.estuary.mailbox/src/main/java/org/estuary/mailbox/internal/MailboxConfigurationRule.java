package org.estuary.mailbox.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.estuary.config.ConfigurationRule;
import org.osgi.service.component.annotations.Component;

/**
 * The rules across the mailbox's attributes that its constructor enforces (LeasePolicy, DeliveryConfig) or that
 * would make a limit unreachable, so the configuration guard refuses an update breaking them.
 */
@Component(property = ConfigurationRule.PID + "=" + MailboxComponent.PID)
public final class MailboxConfigurationRule implements ConfigurationRule {

    @Override
    public List<String> check(Map<String, String> effective) {
        List<String> problems = new ArrayList<>();
        // EM.3: a lease granted for Lease.ANY is never longer than the longest one granted
        ConfigurationRule.atMost(effective, "registration.lease.default.ms", "registration.lease.maximum.ms",
                problems);
        ConfigurationRule.atMost(effective, "event.retry.initial.ms", "event.retry.max.ms", problems);
        ConfigurationRule.atMost(effective, "max.bytes.per.registration", "max.bytes", problems);
        return problems;
    }
}
