package dev.fluxbench.assess.report;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxbench.assess.AssessmentReport;
import dev.fluxbench.assess.Effort;
import dev.fluxbench.assess.Finding;
import dev.fluxbench.assess.Location;
import dev.fluxbench.assess.ModuleReport;
import dev.fluxbench.assess.Recognition;
import dev.fluxbench.assess.Severity;
import dev.fluxbench.assess.Target;
import dev.fluxbench.assess.TargetSummary;
import dev.fluxbench.assess.project.Dependency;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ReportsTests {

	private final AssessmentReport report = report();

	@Test
	void markdownWhenWrittenBesideTheProjectShouldLinkEachFindingToItsFileAndLine() {
		String markdown = MarkdownReport.render(this.report, "../shop");
		assertThat(markdown).startsWith("# fluxbench assess: shop")
			.contains("**Recommendation:** WebFlux: one blocker, LDAP")
			.contains("[src/main/java/shop/Directory.java:7](../shop/src/main/java/shop/Directory.java#L7)")
			.contains("## Platform")
			.contains("Spring Boot 3.3.0: WebFlux yes; virtual threads by one property")
			.contains("Assessed for JDK 21: synchronized still pins virtual threads")
			.contains("## Already reactive")
			.contains("## Findings by module")
			.contains("## Findings by rule")
			.contains("org.postgresql:postgresql:42.5.0` via shop → org.postgresql:postgresql:42.5.0");
	}

	@Test
	void htmlWhenRenderedShouldBeOnePageThatNeedsNothingElse() {
		String html = HtmlReport.render(this.report, "shop");
		assertThat(html).startsWith("<!DOCTYPE html>")
			.contains("<style>")
			.contains("<span class=\"severity blocker\">blocker</span>")
			.contains("href=\"shop/src/main/java/shop/Directory.java#L7\"")
			.contains("id=\"already-reactive\"")
			.doesNotContain("<script src")
			.doesNotContain("<link ");
	}

	@Test
	void htmlWhenEvidenceHoldsMarkupShouldEscapeIt() {
		assertThat(HtmlReport.escape("<b>\"x\" & y</b>")).isEqualTo("&lt;b&gt;&quot;x&quot; &amp; y&lt;/b&gt;");
	}

	@Test
	void jsonWhenWrittenShouldCarryTheFormatVersionTheFindingsAndTheResolvedVersions() throws Exception {
		JsonNode json = new ObjectMapper().readTree(JsonReport.render(this.report));
		assertThat(json.get("formatVersion").asInt()).isEqualTo(AssessmentReport.FORMAT_VERSION);
		assertThat(json.get("targets").get(0).asText()).isEqualTo("webflux");
		assertThat(json.get("findings").get(0).get("severity").asText()).isEqualTo("blocker");
		assertThat(json.get("findings").get(0).get("location").get("line").asInt()).isEqualTo(7);
		assertThat(json.get("modules").get(0).get("dependencies").get(0).get("version").asText()).isEqualTo("42.5.0");
	}

	private static AssessmentReport report() {
		Finding ldap = new Finding("webflux.ldap", List.of(Target.WEBFLUX), Severity.BLOCKER, Effort.LOCAL, "shop",
				Location.file("src/main/java/shop/Directory.java", 7), "LDAP: LdapTemplate", "LDAP binds block.",
				"Adapt it.", "none reactive", false);
		Finding pinning = new Finding("vt.pinning-library", List.of(Target.VIRTUAL_THREADS), Severity.BLOCKER,
				Effort.UPGRADE, "shop",
				Location.dependency("org.postgresql:postgresql:42.5.0",
						List.of("shop", "org.postgresql:postgresql:42.5.0")),
				"postgresql 42.5.0", "It pins.", "Upgrade it.", "org.postgresql:postgresql:42.6.0", true);
		Map<Effort, Integer> local = new EnumMap<>(Effort.class);
		local.put(Effort.LOCAL, 1);
		Map<Effort, Integer> upgrade = new EnumMap<>(Effort.class);
		upgrade.put(Effort.UPGRADE, 1);
		return new AssessmentReport(AssessmentReport.FORMAT_VERSION, "shop",
				List.of(Target.WEBFLUX, Target.VIRTUAL_THREADS), 21,
				List.of(new ModuleReport("shop", ".", "jar", "3.3.0", 21, 1, 20,
						List.of(new Dependency("org.postgresql", "postgresql", "42.5.0", "runtime",
								List.of("shop", "org.postgresql:postgresql:42.5.0"))))),
				List.of(new TargetSummary(Target.WEBFLUX, 1, 0, 0, local, List.of("Adapt it."),
						"WebFlux: one blocker, LDAP"),
						new TargetSummary(Target.VIRTUAL_THREADS, 1, 0, 0, upgrade, List.of("Upgrade it."),
								"virtual threads: one blocker, pinning libraries")),
				"WebFlux: one blocker, LDAP; virtual threads: one blocker, pinning libraries.", List.of(ldap, pinning),
				List.of(new Recognition(Target.WEBFLUX, "shop", "WebClient",
						Location.file("src/main/java/shop/Prices.java", 3))),
				List.of());
	}

}
