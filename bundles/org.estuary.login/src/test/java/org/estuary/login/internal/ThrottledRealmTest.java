package org.estuary.login.internal;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;

import javax.security.auth.login.AppConfigurationEntry;

import org.apache.karaf.jaas.config.JaasRealm;
import org.junit.jupiter.api.Test;

class ThrottledRealmTest {

    private static JaasRealm realm(String name, int rank) {
        return new JaasRealm() {
            @Override
            public String getName() {
                return name;
            }

            @Override
            public int getRank() {
                return rank;
            }

            @Override
            public AppConfigurationEntry[] getEntries() {
                return new AppConfigurationEntry[0];
            }
        };
    }

    @Test
    void wrapsTheHighestRankedOtherKarafRealmBelowItself() {
        JaasRealm karafs = realm("karaf", 0);
        JaasRealm operators = realm("karaf", -1);
        JaasRealm other = realm("other", 0);
        JaasRealm above = realm("karaf", ThrottledRealm.RANK + 1);
        assertSame(karafs, ThrottledRealm.wrapped(List.of(operators, other, karafs, above)));
    }

    @Test
    void wrapsNothingWithoutAnotherKarafRealm() {
        assertNull(ThrottledRealm.wrapped(List.of(realm("other", 0))));
    }
}
