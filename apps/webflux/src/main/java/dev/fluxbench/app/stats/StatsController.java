package dev.fluxbench.app.stats;

import dev.fluxbench.contract.unit.UnitPaths;
import org.thymeleaf.spring6.context.webflux.ReactiveDataDriverContextVariable;

import org.springframework.http.MediaType;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * The statistics page of seed 000 (thesis, section 5.1): units stored, the last
 * ingestions, and the unit lookups per requester and outcome since the app started.
 * Behind HTTP Basic, role USERS.
 */
@Controller
class StatsController {

	static final int LAST_INGESTIONS = 10;

	private final StatsRepository stats;

	private final LookupCounts lookups;

	StatsController(StatsRepository stats, LookupCounts lookups) {
		this.stats = stats;
		this.lookups = lookups;
	}

	/**
	 * The ingestion rows drive the rendering, as the thesis' migrated page does:
	 * Thymeleaf writes each row as R2DBC emits it. A template takes one data driver only,
	 * so the unit count is a plain {@code Mono}, which the view resolves before
	 * rendering, and the lookup counts, read from memory, a list.
	 */
	@GetMapping(path = UnitPaths.STATS, produces = MediaType.TEXT_HTML_VALUE)
	String stats(Model model) {
		model.addAttribute("unitCount", this.stats.countUnits());
		model.addAttribute("ingestions",
				new ReactiveDataDriverContextVariable(this.stats.lastIngestions(LAST_INGESTIONS), 1));
		model.addAttribute("lookups", this.lookups.counts());
		return "stats";
	}

}
