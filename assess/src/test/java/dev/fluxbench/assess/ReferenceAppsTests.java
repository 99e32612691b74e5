package dev.fluxbench.assess;

import java.nio.file.Path;
import java.util.List;

import dev.fluxbench.assess.project.ProjectReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The proof that assess sees what the thesis saw (seed 000, chapter 5): our MVC app
 * reproduces its blockers, and our WebFlux app has dealt with each of them. Resolves
 * offline from the local repository, which the reactor build has filled by now.
 */
class ReferenceAppsTests {

	static final Path ROOT = Path.of(System.getProperty("fluxbench.root", ".."));

	static AssessmentReport mvc;

	static AssessmentReport webflux;

	@BeforeAll
	static void assessBoth() {
		Assessment assessment = new Assessment(AssessOptions.both(21, true, ProjectReader.defaultLocalRepository()));
		mvc = assessment.assess(ROOT.resolve("apps/mvc"));
		webflux = assessment.assess(ROOT.resolve("apps/webflux"));
	}

	@Test
	void mvcWhenAssessedForBothShouldReportTheThesisChapterFiveBlockers() {
		assertThat(blockers(mvc)).contains("webflux.ldap", "webflux.blocking-data-access", "webflux.jdbc-driver",
				"webflux.soap-client", "webflux.blocking-cache", "webflux.schema-migration",
				"webflux.servlet-security");
		assertThat(rules(mvc)).contains("webflux.thymeleaf-model");
	}

	@Test
	void mvcWhenAssessedShouldPointAtTheFilesThatHoldEachBlocker() {
		assertThat(locations(mvc, "webflux.soap-client"))
			.anyMatch((where) -> where.contains("PartnerRepositoryClient"));
		assertThat(locations(mvc, "webflux.blocking-cache")).anyMatch((where) -> where.contains("CacheConfiguration"));
		assertThat(locations(mvc, "webflux.thymeleaf-model")).anyMatch((where) -> where.contains("StatsController"));
		assertThat(locations(mvc, "webflux.ldap")).anyMatch((where) -> where.contains("spring-security-ldap"));
		assertThat(locations(mvc, "webflux.schema-migration")).anyMatch((where) -> where.contains("flyway-core"));
	}

	@Test
	void mvcWhenAssessedShouldSayVirtualThreadsAreTheShorterWay() {
		assertThat(mvc.blockers(Target.WEBFLUX)).isGreaterThan(mvc.blockers(Target.VIRTUAL_THREADS));
		assertThat(mvc.recommendation()).startsWith("WebFlux: ").contains("virtual threads: ");
		assertThat(mvc.summaries()).allSatisfy((summary) -> assertThat(summary.firstSteps()).isNotEmpty());
	}

	@Test
	void mvcWhenResolvedShouldRecordTheVersionsOfItsTree() {
		ModuleReport module = mvc.modules().get(0);
		assertThat(module.springBoot()).isNotBlank();
		assertThat(module.dependencies())
			.anyMatch((dependency) -> dependency.artifactId().equals("flyway-core") && !dependency.version().isBlank());
		assertThat(mvc.notes()).noneMatch((note) -> note.contains("could not be resolved"));
	}

	@Test
	void webfluxWhenAssessedShouldReportNoneOfTheThesisBlockersAsWebFluxBlockers() {
		assertThat(webflux.findings()).filteredOn((finding) -> finding.concerns(Target.WEBFLUX))
			.noneMatch((finding) -> finding.severity() == Severity.BLOCKER);
		assertThat(webflux.blockers(Target.WEBFLUX)).isZero();
	}

	@Test
	void webfluxWhenAssessedShouldRecogniseWhatIsAlreadyReactive() {
		assertThat(webflux.recognitions()).extracting(Recognition::what)
			.anyMatch((what) -> what.startsWith("ReactiveAuthenticationManagerAdapter"))
			.anyMatch((what) -> what.startsWith("ReactiveDataDriverContextVariable"))
			.anyMatch((what) -> what.startsWith("WebClient"))
			.anyMatch((what) -> what.startsWith("SecurityWebFilterChain"))
			.anyMatch((what) -> what.startsWith("spring.flyway.url"))
			.anyMatch((what) -> what.startsWith("the R2DBC driver for PostgreSQL"));
	}

	@Test
	void webfluxWhenItKeepsBlockingCodeOnASchedulerShouldSaySoInANote() {
		assertThat(webflux.findings()).filteredOn((finding) -> finding.rule().equals("webflux.ldap"))
			.isNotEmpty()
			.allMatch((finding) -> finding.severity() == Severity.NOTE);
	}

	private static List<String> blockers(AssessmentReport report) {
		return report.findings()
			.stream()
			.filter((finding) -> finding.concerns(Target.WEBFLUX) && finding.severity() == Severity.BLOCKER)
			.map(Finding::rule)
			.distinct()
			.toList();
	}

	private static List<String> rules(AssessmentReport report) {
		return report.findings().stream().map(Finding::rule).distinct().toList();
	}

	private static List<String> locations(AssessmentReport report, String rule) {
		return report.findings()
			.stream()
			.filter((finding) -> finding.rule().equals(rule))
			.map((finding) -> finding.location().describe() + " " + finding.location().describePath())
			.toList();
	}

}
