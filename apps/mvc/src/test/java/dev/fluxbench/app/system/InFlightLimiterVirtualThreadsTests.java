package dev.fluxbench.app.system;

import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;

/**
 * The in-flight limit on mvc-vt: a semaphore taken without waiting holds no carrier
 * thread.
 */
@ActiveProfiles("vt")
@TestPropertySource(properties = "spring.datasource.url=jdbc:h2:mem:in-flight-vt;DB_CLOSE_DELAY=-1;MODE=PostgreSQL")
class InFlightLimiterVirtualThreadsTests extends InFlightLimiterTests {

}
