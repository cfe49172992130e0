package org.estuary.discovery.tracking;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.rmi.MarshalledObject;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.lookup.ServiceID;

import org.junit.jupiter.api.Test;

// LD.3.1, LD.3.2, LD.4.1.1: who hears of which lookup service.
class FanoutTest {

    private static final LookupLocator AT = new LookupLocator("lookup.example.org", 4160);

    private static Registrar registrar(long id, LookupLocator at, String... groups) throws Exception {
        return new Registrar(new ServiceID(0, id), new MarshalledObject<>("proxy " + id), List.of(groups), at);
    }

    private static final class Reg implements Fanout.Subscriber {
        final Interest interest;
        final Set<ServiceID> had = new HashSet<>();

        Reg(String[] groups, LookupLocator... locators) {
            interest = Interest.register(groups, locators);
        }

        Reg having(Registrar r) {
            had.add(r.id());
            return this;
        }

        @Override
        public Interest interest() {
            return interest;
        }

        @Override
        public boolean hasDiscovered(ServiceID id) {
            return had.contains(id);
        }
    }

    private static String[] groups(String... g) {
        return g;
    }

    @Test
    void ld32ADiscoveredEventGoesToEachInterestedRegistrationThatHasNone() throws Exception {
        Registrar r = registrar(1, AT, "g");
        Map<String, Reg> regs = new LinkedHashMap<>();
        regs.put("by group", new Reg(groups("g")));
        regs.put("every group", new Reg(null));
        regs.put("by locator", new Reg(groups(), AT));
        regs.put("other group", new Reg(groups("x")));
        regs.put("already has it", new Reg(groups("g")).having(r));
        assertEquals(List.of("by group", "every group", "by locator"), Fanout.discovered(r, regs));
    }

    @Test
    void ld31GroupChangeDiscardsPassivelyOnlyWhereInterestIsLostAndDiscoversWhereItIsGained() throws Exception {
        Registrar before = registrar(2, AT, "g");
        Registrar after = registrar(2, AT, "h");
        Map<String, Reg> regs = new LinkedHashMap<>();
        regs.put("g only", new Reg(groups("g")).having(before));
        regs.put("g and locator", new Reg(groups("g"), AT).having(before));
        regs.put("every group", new Reg(null).having(before));
        regs.put("h", new Reg(groups("h")));
        Fanout.Keys<String> keys = Fanout.groupsChanged(after, regs);
        assertEquals(List.of("g only"), keys.discarded());
        assertEquals(List.of("h"), keys.discovered());
    }

    @Test
    void ld31SilenceDiscardsOnlyForRegistrationsInterestedByGroup() throws Exception {
        Registrar r = registrar(3, AT, "g");
        Map<String, Reg> regs = new LinkedHashMap<>();
        regs.put("by group", new Reg(groups("g")).having(r));
        regs.put("by group and locator", new Reg(groups("g"), AT).having(r));
        regs.put("by locator only", new Reg(groups(), AT).having(r));
        regs.put("never had it", new Reg(groups("g")));
        assertEquals(List.of("by group", "by group and locator"), Fanout.silent(r, regs));
    }

    @Test
    void ld31TheFirstEventsAfterRegisterBatchEveryKnownLookupServiceSought() throws Exception {
        Registrar a = registrar(4, null, "g");
        Registrar b = registrar(5, AT, "x");
        Registrar c = registrar(6, null, "x");
        Fanout.Change change = Fanout.interestChanged(Interest.register(groups("g"), new LookupLocator[] {AT}),
                List.of(), List.of(a, b, c));
        assertEquals(List.of(a, b), change.discovered());
        assertEquals(List.of(), change.discarded());
    }

    @Test
    void ld411RemovingInterestDiscardsWhatIsNoLongerSoughtByGroupOrLocator() throws Exception {
        Registrar byGroup = registrar(7, null, "g");
        Registrar byBoth = registrar(8, AT, "g");
        Interest before = Interest.register(groups("g"), new LookupLocator[] {AT});
        Interest after = before.removeGroups(groups("g"));
        Fanout.Change change = Fanout.interestChanged(after, List.of(byGroup, byBoth), List.of(byGroup, byBoth));
        assertEquals(List.of(byGroup), change.discarded(), "a lookup service still held by a locator stays");
        assertEquals(List.of(), change.discovered());

        Fanout.Change locatorRemoved = Fanout.interestChanged(after.removeLocators(new LookupLocator[] {AT}),
                List.of(byBoth), List.of(byGroup, byBoth));
        assertEquals(List.of(byBoth), locatorRemoved.discarded());
    }

    @Test
    void ld411AddingInterestDiscoversKnownLookupServicesButNoneTwice() throws Exception {
        Registrar had = registrar(9, null, "g", "h");
        Registrar newlySought = registrar(10, null, "h");
        Interest after = Interest.register(groups("g"), null).addGroups(groups("h"));
        Fanout.Change change = Fanout.interestChanged(after, List.of(had), List.of(had, newlySought));
        assertEquals(List.of(newlySought), change.discovered());
        assertEquals(List.of(), change.discarded());
    }
}
