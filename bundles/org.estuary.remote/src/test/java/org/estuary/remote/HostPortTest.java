package org.estuary.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class HostPortTest {

    @Test
    void readsHostAndPortAndWritesThemBack() {
        HostPort address = HostPort.parse(" east-1.example.org:4170 ");
        assertEquals("east-1.example.org", address.host());
        assertEquals(4170, address.port());
        assertEquals("east-1.example.org:4170", address.toString());
        assertEquals(address, HostPort.parse(address.toString()));
    }

    @Test
    void badAddressesAreRefusedNamingTheText() {
        for (String bad : List.of("", "east-1", ":4170", "east-1:", "east-1:0", "east-1:65536", "east-1:41x0",
                " :4170", "east-1:-1")) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> HostPort.parse(bad));
            assertTrue(refused.getMessage().contains("host:port") && refused.getMessage().contains("\"" + bad + "\""),
                    refused.getMessage());
        }
    }

    @Test
    void theFailoverPeersOfTheSettingsAndAClientsContainersAreReadTheSameWay() {
        assertEquals(List.of("west-1:4170"), RemoteSettings.builder().peers(List.of(" west-1:4170")).build().peers());
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> RemoteSettings.builder().peers(List.of("west-1")));
        assertTrue(refused.getMessage().startsWith("failover peer: "), refused.getMessage());
    }
}
