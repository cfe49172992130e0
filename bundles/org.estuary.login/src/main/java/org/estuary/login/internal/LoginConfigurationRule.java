package org.estuary.login.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.estuary.config.ConfigurationRule;
import org.osgi.service.component.annotations.Component;

/**
 * The rule across the throttle's attributes that {@link LoginDelays} enforces, so the configuration guard refuses
 * an update breaking it and keeps the last valid one: a refused configuration would otherwise leave no throttled
 * realm, and password logins unthrottled.
 */
@Component(property = ConfigurationRule.PID + "=" + ThrottledRealm.PID)
public final class LoginConfigurationRule implements ConfigurationRule {

    @Override
    public List<String> check(Map<String, String> effective) {
        List<String> problems = new ArrayList<>();
        ConfigurationRule.atMost(effective, "delay.ms", "max.delay.ms", problems);
        return problems;
    }
}
