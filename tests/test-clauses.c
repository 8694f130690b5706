/*
 * test-clauses.c - the Napoleonic movement clauses M1..M35 (rules 3.6.x),
 * one test per scenario file in tests/scenarios.
 *
 * Each scenario is an ordinary scenario file with an extra top-level
 * `expect` section (see the file formats): the driver takes `expect` out,
 * loads the rest with load_scenario_doc, plays the turns asked for and
 * compares every expected unit field exactly, then looks for each expected
 * event (unit, rule number, text fragment) in the game's log and for the
 * absence of each forbidden one, and checks that every unit still on the
 * field stands on each of its cells in the occupancy grid.  A failure
 * prints what differed together with the unit's actual state and its
 * events, so it explains itself.
 *
 * The expectations are derived from the rules text and the readings the
 * scenario's description states, not from what the engine printed.  Test
 * names carry the clause and the rule number, so the list of names shows
 * the coverage.  Beyond the documented expect keys the driver also reads
 * `tail` (the rear cell of the anchor's file, or of its road trail),
 * `cells` (every cell the unit covers, in footprint order), `musician`,
 * `contact` (an enemy unit id, or none), `strength` (men), `halt` (why
 * it stopped), `owed` (BD still to pay for a river it stands on) and
 * `covers` (a cell of the unit's footprint) for a unit; `line` (units
 * standing as one closed line, left to right) beside `units`; and, in a
 * log entry, `phase` (the ruleset's phase key the event belongs to) and
 * `says` (the event's whole text, exactly: for the explanation lines
 * whose every figure a rule gives) and `times` (how many events match,
 * exactly, when a line must not be repeated).
 */
#include "config.h"

#include <dirent.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <cmocka.h>

#include "core/game.h"
#include "core/geom.h"
#include "core/move.h"
#include "io/load.h"
#include "io/yread.h"
#include "core/ruleset.h"
#include "util/doc.h"
#include "util/xalloc.h"

/* name of the test function, scenario file (without .yaml), skip reason */
#define CLAUSES(X) \
	X(test_M1_3_6_1_arrives_at_destination, "M1-arrives-at-destination", NULL) \
	X(test_M1_3_6_1_follows_waypoints, "M1-follows-waypoints", NULL) \
	X(test_M1_3_6_1_move_order_moves_unit, "M1-move-order-moves-unit", NULL) \
	X(test_M1_3_6_1_move_order_moves_unit_met_first, "M1-move-order-moves-unit-met-first", NULL) \
	X(test_M2_3_6_2_formation_order_does_not_move, "M2-formation-order-does-not-move", NULL) \
	X(test_M2_3_6_2_restore_order_does_not_move, "M2-restore-order-does-not-move", NULL) \
	X(test_M2_3_6_2_restore_order_reforms_mob, "M2-restore-order-reforms-mob", NULL) \
	X(test_M2_3_5_1_restore_enemy_near_stays_mob, "M2-restore-enemy-near-stays-mob", NULL) \
	X(test_M2_3_5_1_restore_formed_unit_nothing_to_restore, "M2-restore-formed-unit-nothing-to-restore", NULL) \
	X(test_M2_3_6_2_stop_order_stands, "M2-stop-order-stands", NULL) \
	X(test_M3_3_6_3_column_drum_2bd, "M3-column-drum-2bd", NULL) \
	X(test_M3_3_6_3_line_drill3_1bd, "M3-line-drill3-1bd", NULL) \
	X(test_M3_3_6_3_line_drill5_3bd, "M3-line-drill5-3bd", NULL) \
	X(test_M3_3_6_3_manoeuvre_column_2bd, "M3-manoeuvre-column-2bd", NULL) \
	X(test_M3_3_6_3_masse_1bd, "M3-masse-1bd", NULL) \
	X(test_M3_3_6_3_road_column_off_road_moves_as_manoeuvre_column, "M3-road-column-off-road-moves-as-manoeuvre-column", NULL) \
	X(test_M3_3_6_3_road_column_on_road_3bd, "M3-road-column-on-road-3bd", NULL) \
	X(test_M3_3_6_3_skirmish_drum_4bd, "M3-skirmish-drum-4bd", NULL) \
	X(test_M3_3_6_3_square_drill6_4bd, "M3-square-drill6-4bd", NULL) \
	X(test_M4_3_6_3_cavalry_column_trumpet_4bd, "M4-cavalry-column-trumpet-4bd", NULL) \
	X(test_M4_3_6_3_cavalry_line_drill4_4bd, "M4-cavalry-line-drill4-4bd", NULL) \
	X(test_M4_3_6_3_cavalry_manoeuvre_column_5bd, "M4-cavalry-manoeuvre-column-5bd", NULL) \
	X(test_M4_3_6_3_cavalry_mass_3bd, "M4-cavalry-mass-3bd", NULL) \
	X(test_M4_3_6_3_cavalry_screen_trumpet_7bd, "M4-cavalry-screen-trumpet-7bd", NULL) \
	X(test_M5_3_6_3_battery_on_road_3bd, "M5-battery-on-road-3bd", NULL) \
	X(test_M5_3_6_3_heavy_battery_limbered_1bd, "M5-heavy-battery-limbered-1bd", NULL) \
	X(test_M5_3_6_3_horse_battery_drum_4bd, "M5-horse-battery-drum-4bd", NULL) \
	X(test_M5_3_6_3_light_battery_limbered_2bd, "M5-light-battery-limbered-2bd", NULL) \
	X(test_M6_3_6_3_ap_limit_horse_drill2, "M6-ap-limit-horse-drill2", NULL) \
	X(test_M6_3_6_3_ap_surplus_capped_at_max_speed, "M6-ap-surplus-capped-at-max-speed", NULL) \
	X(test_M6_3_6_3_battery_unlimbers_at_destination, "M6-battery-unlimbers-at-destination", NULL) \
	X(test_M6_3_6_3_battery_unlimbers_the_next_turn, "M6-battery-unlimbers-the-next-turn", NULL) \
	X(test_M6_3_6_3_battery_without_ap_stays_limbered, "M6-battery-without-ap-stays-limbered", NULL) \
	X(test_M6_3_6_3_limber_costs_one_ap, "M6-limber-costs-one-ap", NULL) \
	X(test_M7_3_6_3_drill2_battery_pivots_over_two_turns, "M7-drill2-battery-pivots-over-two-turns", NULL) \
	X(test_M7_3_6_3_pivot_over_two_turns_limbers_once, "M7-pivot-over-two-turns-limbers-once", NULL) \
	X(test_M7_3_6_3_pivot_unlimbered_battery, "M7-pivot-unlimbered-battery", NULL) \
	X(test_M7_3_6_3_pivot_unlimbers_next_turn_with_no_ap_left, "M7-pivot-unlimbers-next-turn", NULL) \
	X(test_M8_3_6_3_column_turns_in_place_then_marches, "M8-column-turns-in-place-then-marches", NULL) \
	X(test_M8_3_6_3_fresh_column_short_of_speed_turns_45, "M8-fresh-column-short-of-speed-turns-45", NULL) \
	X(test_M8_3_6_3_fresh_column_short_of_speed_turns_left, "M8-fresh-column-short-of-speed-turns-left", NULL) \
	X(test_M8_3_6_3_fresh_column_short_of_speed_single_turn, "M8-fresh-column-short-of-speed-single-turn", NULL) \
	X(test_M8_3_6_3_line_turn_135_costs_3bd, "M8-line-turn-135-costs-3bd", NULL) \
	X(test_M8_3_6_3_line_turn_45_costs_1bd, "M8-line-turn-45-costs-1bd", NULL) \
	X(test_M8_3_6_3_line_turn_90_costs_2bd, "M8-line-turn-90-costs-2bd", NULL) \
	X(test_M8_3_6_3_manoeuvre_column_turn_free, "M8-manoeuvre-column-turn-free", NULL) \
	X(test_M8_3_6_3_masse_turn_free, "M8-masse-turn-free", NULL) \
	X(test_M8_3_6_3_road_turn_follows_road_free, "M8-road-turn-follows-road-free", NULL) \
	X(test_M8_3_6_6_road_column_off_road_turns_free, "M8-road-column-off-road-turns-free", NULL) \
	X(test_M8_3_6_3_column_faces_about_in_place, "M8-column-faces-about-in-place", NULL) \
	X(test_M8_3_6_3_column_faces_about_in_place_met_first, "M8-column-faces-about-in-place-met-first", NULL) \
	X(test_M8_3_6_3_column_faces_about_beside_a_friend, "M8-column-faces-about-beside-a-friend", NULL) \
	X(test_M8_3_6_3_line_faces_about_in_place, "M8-line-faces-about-in-place", NULL) \
	X(test_M8_3_6_3_column_turning_135_faces_about_first, "M8-column-turning-135-faces-about-first", NULL) \
	X(test_M8_3_6_3_column_turning_135_faces_about_first_met_first, "M8-column-turning-135-faces-about-first-met-first", NULL) \
	X(test_M8_3_6_3_column_faces_about_towards_a_waypoint, "M8-column-faces-about-towards-a-waypoint", NULL) \
	X(test_M8_3_6_3_column_faces_about_towards_a_waypoint_met_first, "M8-column-faces-about-towards-a-waypoint-met-first", NULL) \
	X(test_M8_3_6_6_road_column_follows_bend_past_friend, "M8-road-column-follows-bend-past-friend", NULL) \
	X(test_M8_3_6_6_road_column_follows_bend_past_friend_met_first, "M8-road-column-follows-bend-past-friend-met-first", NULL) \
	X(test_M8_3_6_3_turn_dearer_than_what_is_left_waits, "M8-turn-dearer-than-what-is-left-waits", NULL) \
	X(test_M9_3_6_3_brigade_wheel_outer_unit_loses_1bd, "M9-brigade-wheel-outer-unit-loses-1bd", NULL) \
	X(test_M9_3_6_3_far_apart_units_do_not_wheel, "M9-far-apart-units-do-not-wheel", NULL) \
	X(test_M9_3_6_3_brigade_wheel_pace_carries_over, "M9-brigade-wheel-pace-carries-over", NULL) \
	X(test_M9_3_6_3_brigade_wheel_ends_abreast_after_three_turns, "M9-brigade-wheel-ends-abreast-after-three-turns", NULL) \
	X(test_M9_3_6_3_brigade_wheel_left_pivots_on_left_flank, "M9-brigade-wheel-left-pivots-on-left-flank", NULL) \
	X(test_M9_3_6_3_brigade_wheel_left_facing_east, "M9-brigade-wheel-left-facing-east", NULL) \
	X(test_M9_3_6_3_brigade_wheel_stage_costs_exactly_the_pace, "M9-brigade-wheel-stage-costs-exactly-the-pace", NULL) \
	X(test_M9_3_6_3_brigade_wheel_leaves_exactly_the_slowest_pace, "M9-brigade-wheel-leaves-exactly-the-slowest-pace", NULL) \
	X(test_M9_3_6_3_brigade_wheel_inner_unit_keeps_the_pivot, "M9-brigade-wheel-inner-unit-keeps-the-pivot", NULL) \
	X(test_M9_3_6_3_brigade_wheel_stops_short_of_the_enemy, "M9-brigade-wheel-stops-short-of-the-enemy", NULL) \
	X(test_M9_3_6_3_brigade_wheel_needs_room, "M9-brigade-wheel-needs-room", NULL) \
	X(test_M9_3_6_3_brigade_wheel_keeps_an_open_gap, "M9-brigade-wheel-keeps-an-open-gap", NULL) \
	X(test_M9_3_6_3_brigade_wheel_keeps_two_open_cells_through_two_stages, "M9-brigade-wheel-keeps-two-open-cells-through-two-stages", NULL) \
	X(test_M9_3_6_3_brigade_straight_on_to_its_centre, "M9-brigade-straight-on-to-its-centre", NULL) \
	X(test_M9_3_6_3_brigade_at_its_destination_has_arrived, "M9-brigade-at-its-destination-has-arrived", NULL) \
	X(test_M10_3_6_4_middle_roll_no_change, "M10-middle-roll-no-change", NULL) \
	X(test_M10_3_6_4_option_off_no_roll, "M10-option-off-no-roll", NULL) \
	X(test_M10_3_6_4_roll_one_loses_half_bd, "M10-roll-one-loses-half-bd", NULL) \
	X(test_M10_3_6_4_roll_six_adds_half_bd, "M10-roll-six-adds-half-bd", NULL) \
	X(test_M11_3_6_5_column_inside_wood_makes_minimum_step, "M11-column-inside-wood-makes-minimum-step", NULL) \
	X(test_M11_3_6_5_cavalry_mc_double_pe, "M11-cavalry-mc-double-pe", NULL) \
	X(test_M11_3_6_5_infantry_mc_single_pe, "M11-infantry-mc-single-pe", NULL) \
	X(test_M11_3_6_5_rough_lowers_speed_by_pe, "M11-rough-lowers-speed-by-pe", NULL) \
	X(test_M11_3_6_5_only_the_front_ranks_ground_slows_the_start, "M11-only-the-front-ranks-ground-slows-the-start", NULL) \
	X(test_M11_3_6_5_speed_below_nothing_counts_as_nothing, "M11-speed-below-nothing-counts-as-nothing", NULL) \
	X(test_M11_3_6_5_wood_entry_pays_pe, "M11-wood-entry-pays-pe", NULL) \
	X(test_M12_3_6_5_column_enters_wood_from_edge, "M12-column-enters-wood-from-edge", NULL) \
	X(test_M12_3_6_5_heavy_battery_enters_rough, "M12-heavy-battery-enters-rough", NULL) \
	X(test_M12_3_6_5_manoeuvre_column_drum_enters_dense_wood, "M12-manoeuvre-column-drum-enters-dense-wood", NULL) \
	X(test_M12_3_6_5_manoeuvre_column_enters_village, "M12-manoeuvre-column-enters-village", NULL) \
	X(test_M12_3_6_5_cavalry_mc_village_pr_plus_double_pe, "M12-cavalry-mc-village-pr-plus-double-pe", NULL) \
	X(test_M12_3_6_5_dense_wood_stops_at_edge, "M12-dense-wood-stops-at-edge", NULL) \
	X(test_M12_3_6_5_fields_pr_half_bd, "M12-fields-pr-half-bd", NULL) \
	X(test_M12_3_6_5_village_stops_at_edge, "M12-village-stops-at-edge", NULL) \
	X(test_M13_3_6_5_line_becomes_manoeuvre_column_for_village, "M13-line-becomes-manoeuvre-column-for-village", NULL) \
	X(test_M13_3_6_5_line_keeps_formation_beside_village, "M13-line-keeps-formation-beside-village", NULL) \
	X(test_M13_3_6_5_no_room_for_the_manoeuvre_column_halts, "M13-no-room-for-the-manoeuvre-column-halts", NULL) \
	X(test_M13_3_6_5_no_room_for_the_manoeuvre_column_halts_met_first, "M13-no-room-for-the-manoeuvre-column-halts-met-first", NULL) \
	X(test_M13_3_6_5_turn_onto_a_village_changes_to_manoeuvre_column, "M13-turn-onto-a-village-changes-to-manoeuvre-column", NULL) \
	X(test_M14_3_6_5_battery_stops_at_wood_needs_order, "M14-battery-stops-at-wood-needs-order", NULL) \
	X(test_M14_3_6_5_formation_order_takes_whole_turn, "M14-formation-order-takes-whole-turn", NULL) \
	X(test_M14_3_6_5_formation_refused_where_the_ground_forbids_it, "M14-formation-refused-where-the-ground-forbids-it", NULL) \
	X(test_M14_3_6_5_road_column_formed_on_a_road_through_marsh, "M14-road-column-formed-on-a-road-through-marsh", NULL) \
	X(test_M15_3_6_5_battery_into_marsh_becomes_mob, "M15-battery-into-marsh-becomes-mob", NULL) \
	X(test_M15_3_6_5_lake_makes_mob, "M15-lake-makes-mob", NULL) \
	X(test_M15_3_6_5_lake_order_cancelled, "M15-lake-order-cancelled", NULL) \
	X(test_M16_3_6_5_fence_costs_1bd, "M16-fence-costs-1bd", NULL) \
	X(test_M16_3_6_5_hedge_costs_2bd, "M16-hedge-costs-2bd", NULL) \
	X(test_M16_3_6_5_stream_costs_2bd, "M16-stream-costs-2bd", NULL) \
	X(test_M16_3_6_5_wall_costs_3bd, "M16-wall-costs-3bd", NULL) \
	X(test_M17_3_6_5_column_crosses_fence_met_diagonally, "M17-column-crosses-fence-met-diagonally", NULL) \
	X(test_M17_3_6_5_front_perpendicular_after_crossing, "M17-front-perpendicular-after-crossing", NULL) \
	X(test_M18_3_6_5_manoeuvre_column_crosses_hedge_into_village, "M18-manoeuvre-column-crosses-hedge-into-village", NULL) \
	X(test_M18_3_6_5_river_crossing_finished_next_turn, "M18-river-crossing-finished-next-turn", NULL) \
	X(test_M18_3_6_5_river_crossing_finished_with_nothing_left, "M18-river-crossing-finished-with-nothing-left", NULL) \
	X(test_M18_3_6_5_river_pe2_may_end_on, "M18-river-pe2-may-end-on", NULL) \
	X(test_M18_3_6_5_stops_before_hedge, "M18-stops-before-hedge", NULL) \
	X(test_M18_3_6_5_stops_before_wall, "M18-stops-before-wall", NULL) \
	X(test_M18_3_6_5_column_goes_round_wall_by_gap, "M18-column-goes-round-wall-by-gap", NULL) \
	X(test_M18_3_6_5_column_never_crosses_wall, "M18-column-never-crosses-wall", NULL) \
	X(test_M19_3_6_5_fence_exact_crosses_as_mob, "M19-fence-exact-crosses-as-mob", NULL) \
	X(test_M19_3_6_5_hedge_exact_crosses_as_mob, "M19-hedge-exact-crosses-as-mob", NULL) \
	X(test_M19_3_6_5_stream_with_spare_stays_formed, "M19-stream-with-spare-stays-formed", NULL) \
	X(test_M20_3_6_5_column_climbs_two_contours, "M20-column-climbs-two-contours", NULL) \
	X(test_M20_3_6_5_descending_contours_count, "M20-descending-contours-count", NULL) \
	X(test_M20_3_6_5_one_contour_free, "M20-one-contour-free", NULL) \
	X(test_M20_3_6_5_second_contour_costs_1bd, "M20-second-contour-costs-1bd", NULL) \
	X(test_M20_3_6_5_third_contour_costs_as_the_second, "M20-third-contour-costs-as-the-second", NULL) \
	X(test_M20_3_6_5_two_contours_in_one_step, "M20-two-contours-in-one-step", NULL) \
	X(test_M21_3_6_6_cavalry_road_column_clear_road_5bd, "M21-cavalry-road-column-clear-road-5bd", NULL) \
	X(test_M21_3_6_6_cavalry_road_column_crowded_3bd, "M21-cavalry-road-column-crowded-3bd", NULL) \
	X(test_M21_3_6_6_cavalry_road_column_crowded_3bd_met_first, "M21-cavalry-road-column-crowded-3bd-met-first", NULL) \
	X(test_M21_3_6_6_friend_on_the_road_is_the_first_unit, "M21-friend-on-the-road-is-the-first-unit", NULL) \
	X(test_M21_3_6_6_cavalry_road_column_unit_across_the_road_3bd, "M21-cavalry-road-column-unit-across-the-road-3bd", NULL) \
	X(test_M21_3_6_6_cavalry_road_column_unit_across_the_road_3bd_met_first, "M21-cavalry-road-column-unit-across-the-road-3bd-met-first", NULL) \
	X(test_M21_3_6_6_cavalry_road_column_marching_north_unit_across_3bd, "M21-cavalry-road-column-marching-north-unit-across-3bd", NULL) \
	X(test_M21_3_6_6_cavalry_road_column_marching_north_unit_across_3bd_met_first, "M21-cavalry-road-column-marching-north-unit-across-3bd-met-first", NULL) \
	X(test_M21_3_6_6_cavalry_road_column_trumpet_6bd, "M21-cavalry-road-column-trumpet-6bd", NULL) \
	X(test_M21_3_6_6_infantry_road_column_drum_4bd, "M21-infantry-road-column-drum-4bd", NULL) \
	X(test_M22_3_6_6_big_road_ignores_contours, "M22-big-road-ignores-contours", NULL) \
	X(test_M22_3_6_6_big_road_ignores_village, "M22-big-road-ignores-village", NULL) \
	X(test_M22_3_6_6_big_road_ignores_wood, "M22-big-road-ignores-wood", NULL) \
	X(test_M23_3_6_6_small_road_dense_wood, "M23-small-road-dense-wood", NULL) \
	X(test_M23_3_6_6_small_road_extra_contours_free, "M23-small-road-extra-contours-free", NULL) \
	X(test_M23_3_6_6_small_road_two_contours_in_one_step_free, "M23-small-road-two-contours-in-one-step-free", NULL) \
	X(test_M23_3_6_6_small_road_wood_pe_minus_one, "M23-small-road-wood-pe-minus-one", NULL) \
	X(test_M23_3_6_6_small_road_start_in_wood, "M23-small-road-start-in-wood", NULL) \
	X(test_M24_3_6_6_artillery_road_column_3bd_long, "M24-artillery-road-column-3bd-long", NULL) \
	X(test_M24_3_6_6_cavalry_manoeuvre_column_6bd_long, "M24-cavalry-manoeuvre-column-6bd-long", NULL) \
	X(test_M24_3_6_6_infantry_manoeuvre_column_4bd_long, "M24-infantry-manoeuvre-column-4bd-long", NULL) \
	X(test_M24_3_6_6_infantry_road_column_4bd_long, "M24-infantry-road-column-4bd-long", NULL) \
	X(test_M25_3_6_6_big_road_bridge_no_effect, "M25-big-road-bridge-no-effect", NULL) \
	X(test_M26_3_6_6_defile_column_passes_whole, "M26-defile-column-passes-whole", NULL) \
	X(test_M26_3_6_6_destination_beyond_a_defile_column_still_passes_whole, "M26-destination-beyond-a-defile-column-still-passes-whole", NULL) \
	X(test_M26_3_6_6_defile_goes_on_next_turn, "M26-defile-goes-on-next-turn", NULL) \
	X(test_M26_3_6_6_defile_second_unit_waits, "M26-defile-second-unit-waits", NULL) \
	X(test_M26_3_6_6_defile_and_bridge_two_passages, "M26-defile-and-bridge-two-passages", NULL) \
	X(test_M26_3_6_6_small_road_bridge_cavalry_passes_whole, "M26-small-road-bridge-cavalry-passes-whole", NULL) \
	X(test_M26_3_6_6_bridge_passes_next_turn, "M26-bridge-passes-next-turn", NULL) \
	X(test_M26_3_6_6_bridge_stops_before, "M26-bridge-stops-before", NULL) \
	X(test_M26_3_6_6_defile_stops_before, "M26-defile-stops-before", NULL) \
	X(test_M26_3_6_6_gate_stops_before, "M26-gate-stops-before", NULL) \
	X(test_M27_3_6_6_defile_no_room_does_not_pass, "M27-defile-no-room-does-not-pass", NULL) \
	X(test_M27_3_6_6_defile_no_room_does_not_pass_met_first, "M27-defile-no-room-does-not-pass-met-first", NULL) \
	X(test_M27_3_6_6_defile_some_room_ends_as_mob, "M27-defile-some-room-ends-as-mob", NULL) \
	X(test_M27_3_6_6_defile_some_room_ends_as_mob_met_first, "M27-defile-some-room-ends-as-mob-met-first", NULL) \
	X(test_M27_3_6_6_full_room_passes_formed, "M27-full-room-passes-formed", NULL) \
	X(test_M27_3_6_6_full_room_passes_formed_met_first, "M27-full-room-passes-formed-met-first", NULL) \
	X(test_M27_3_6_6_no_room_does_not_pass, "M27-no-room-does-not-pass", NULL) \
	X(test_M27_3_6_6_no_room_does_not_pass_met_first, "M27-no-room-does-not-pass-met-first", NULL) \
	X(test_M27_3_6_6_some_room_ends_as_mob, "M27-some-room-ends-as-mob", NULL) \
	X(test_M27_3_6_6_one_cell_of_room_ends_as_mob, "M27-one-cell-of-room-ends-as-mob", NULL) \
	X(test_M27_3_6_6_some_room_ends_as_mob_met_first, "M27-some-room-ends-as-mob-met-first", NULL) \
	X(test_M28_3_6_7_road_column_halts_behind_friend_on_road, "M28-road-column-halts-behind-friend-on-road", NULL) \
	X(test_M28_3_6_7_road_column_halts_behind_friend_on_road_met_first, "M28-road-column-halts-behind-friend-on-road-met-first", NULL) \
	X(test_M28_3_6_7_skirmish_passes_through_column, "M28-skirmish-passes-through-column", NULL) \
	X(test_M28_3_6_7_skirmish_passes_through_column_met_first, "M28-skirmish-passes-through-column-met-first", NULL) \
	X(test_M28_3_6_7_skirmish_passes_through_skirmish, "M28-skirmish-passes-through-skirmish", NULL) \
	X(test_M28_3_6_7_skirmish_passes_through_skirmish_met_first, "M28-skirmish-passes-through-skirmish-met-first", NULL) \
	X(test_M28_3_6_7_skirmish_passes_through_two_skirmish_groups, "M28-skirmish-passes-through-two-skirmish-groups", NULL) \
	X(test_M28_3_6_7_skirmish_passes_through_two_skirmish_groups_met_first, "M28-skirmish-passes-through-two-skirmish-groups-met-first", NULL) \
	X(test_M29_3_6_7_through_line_both_mob, "M29-through-line-both-mob", NULL) \
	X(test_M29_3_6_7_through_line_both_mob_met_first, "M29-through-line-both-mob-met-first", NULL) \
	X(test_M29_3_6_7_first_unit_passed_through_becomes_mob, "M29-first-unit-passed-through-becomes-mob", NULL) \
	X(test_M29_3_6_7_through_moving_unit_both_mob, "M29-through-moving-unit-both-mob", NULL) \
	X(test_M29_3_6_7_column_goes_round_standing_line, "M29-column-goes-round-standing-line", NULL) \
	X(test_M29_3_6_7_column_goes_round_standing_line_met_first, "M29-column-goes-round-standing-line-met-first", NULL) \
	X(test_M30_3_6_7_column_flank_blocks, "M30-column-flank-blocks", NULL) \
	X(test_M30_3_6_7_column_flank_blocks_met_first, "M30-column-flank-blocks-met-first", NULL) \
	X(test_M30_3_6_7_dense_artillery_blocks, "M30-dense-artillery-blocks", NULL) \
	X(test_M30_3_6_7_dense_artillery_blocks_met_first, "M30-dense-artillery-blocks-met-first", NULL) \
	X(test_M30_3_6_7_line_flank_does_not_block, "M30-line-flank-does-not-block", NULL) \
	X(test_M30_3_6_7_line_flank_does_not_block_met_first, "M30-line-flank-does-not-block-met-first", NULL) \
	X(test_M30_3_6_7_line_front_blocks, "M30-line-front-blocks", NULL) \
	X(test_M30_3_6_7_line_front_blocks_met_first, "M30-line-front-blocks-met-first", NULL) \
	X(test_M30_3_6_7_road_column_rear_does_not_block, "M30-road-column-rear-does-not-block", NULL) \
	X(test_M30_3_6_7_road_column_rear_does_not_block_met_first, "M30-road-column-rear-does-not-block-met-first", NULL) \
	X(test_M31_3_6_8_contact_with_first_unit_listed, "M31-contact-with-first-unit-listed", NULL) \
	X(test_M31_3_6_8_enemy_beyond_reach_no_contact, "M31-enemy-beyond-reach-no-contact", NULL) \
	X(test_M31_3_6_8_enemy_beyond_reach_no_contact_met_first, "M31-enemy-beyond-reach-no-contact-met-first", NULL) \
	X(test_M31_3_6_8_infantry_stops_short_of_enemy, "M31-infantry-stops-short-of-enemy", NULL) \
	X(test_M31_3_6_8_infantry_stops_short_of_enemy_met_first, "M31-infantry-stops-short-of-enemy-met-first", NULL) \
	X(test_M31_3_6_8_east_edge_stops_short_of_enemy, "M31-east-edge-stops-short-of-enemy", NULL) \
	X(test_M31_3_6_8_east_edge_stops_short_of_enemy_met_first, "M31-east-edge-stops-short-of-enemy-met-first", NULL) \
	X(test_M31_3_6_8_already_at_the_contact_gap_stays, "M31-already-at-the-contact-gap-stays", NULL) \
	X(test_M31_3_6_8_already_at_the_contact_gap_stays_met_first, "M31-already-at-the-contact-gap-stays-met-first", NULL) \
	X(test_M31_3_6_8_meets_enemy_where_it_moved_to, "M31-meets-enemy-where-it-moved-to", NULL) \
	X(test_M31_3_6_8_manoeuvre_column_stops_short_of_enemy, "M31-manoeuvre-column-stops-short-of-enemy", NULL) \
	X(test_M31_3_6_8_manoeuvre_column_stops_short_of_enemy_met_first, "M31-manoeuvre-column-stops-short-of-enemy-met-first", NULL) \
	X(test_M31_3_6_8_manoeuvre_column_marching_south_stops_short, "M31-manoeuvre-column-marching-south-stops-short", NULL) \
	X(test_M31_3_6_8_manoeuvre_column_marching_south_stops_short_met_first, "M31-manoeuvre-column-marching-south-stops-short-met-first", NULL) \
	X(test_M32_3_6_8_cavalry_line_keeps_moving, "M32-cavalry-line-keeps-moving", NULL) \
	X(test_M32_3_6_8_cavalry_line_keeps_moving_met_first, "M32-cavalry-line-keeps-moving-met-first", NULL) \
	X(test_M32_3_6_8_cavalry_manoeuvre_column_stops_beyond_2bd, "M32-cavalry-manoeuvre-column-stops-beyond-2bd", NULL) \
	X(test_M32_3_6_8_cavalry_manoeuvre_column_stops_beyond_2bd_met_first, "M32-cavalry-manoeuvre-column-stops-beyond-2bd-met-first", NULL) \
	X(test_M32_3_6_8_cavalry_manoeuvre_column_marching_west_stops_beyond_2bd, "M32-cavalry-manoeuvre-column-marching-west-stops-beyond-2bd", NULL) \
	X(test_M32_3_6_8_cavalry_mc_marching_west_stops_beyond_2bd_met_first, "M32-cavalry-mc-marching-west-stops-beyond-2bd-met-first", NULL) \
	X(test_M32_3_6_8_cavalry_road_column_stops_beyond_2bd, "M32-cavalry-road-column-stops-beyond-2bd", NULL) \
	X(test_M32_3_6_8_cavalry_road_column_stops_beyond_2bd_met_first, "M32-cavalry-road-column-stops-beyond-2bd-met-first", NULL) \
	X(test_M32_3_6_8_cavalry_screen_stops_beyond_2bd, "M32-cavalry-screen-stops-beyond-2bd", NULL) \
	X(test_M32_3_6_8_cavalry_screen_stops_beyond_2bd_met_first, "M32-cavalry-screen-stops-beyond-2bd-met-first", NULL) \
	X(test_M33_3_6_8_limbered_battery_stops_beyond_2bd, "M33-limbered-battery-stops-beyond-2bd", NULL) \
	X(test_M33_3_6_8_limbered_battery_stops_beyond_2bd_met_first, "M33-limbered-battery-stops-beyond-2bd-met-first", NULL) \
	X(test_M34_3_6_8_battery_unlimbers_next_turn, "M34-battery-unlimbers-next-turn", NULL) \
	X(test_M34_3_6_8_battery_unlimbers_next_turn_met_first, "M34-battery-unlimbers-next-turn-met-first", NULL) \
	X(test_M34_3_6_8_column_in_a_village_stays_a_column, "M34-column-in-a-village-stays-a-column", NULL) \
	X(test_M34_3_6_8_column_forms_line_next_turn, "M34-column-forms-line-next-turn", NULL) \
	X(test_M34_3_6_8_column_forms_line_next_turn_met_first, "M34-column-forms-line-next-turn-met-first", NULL) \
	X(test_M34_3_6_8_column_no_room_to_form_line, "M34-column-no-room-to-form-line", NULL) \
	X(test_M34_3_6_8_column_no_room_to_form_line_met_first, "M34-column-no-room-to-form-line-met-first", NULL) \
	X(test_M34_3_6_8_still_column_in_first_turn, "M34-still-column-in-first-turn", NULL) \
	X(test_M34_3_6_8_still_column_in_first_turn_met_first, "M34-still-column-in-first-turn-met-first", NULL) \
	X(test_M35_3_6_8_routed_enemy_does_not_stop_cavalry, "M35-routed-enemy-does-not-stop-cavalry", NULL) \
	X(test_M35_3_6_8_routed_enemy_does_not_stop_cavalry_met_first, "M35-routed-enemy-does-not-stop-cavalry-met-first", NULL) \
	X(test_M35_3_6_8_routed_enemy_does_not_stop_infantry, "M35-routed-enemy-does-not-stop-infantry", NULL) \
	X(test_M35_3_6_8_routed_enemy_does_not_stop_infantry_met_first, "M35-routed-enemy-does-not-stop-infantry-met-first", NULL) \
	X(test_M35_3_6_8_routed_enemy_still_stops_artillery, "M35-routed-enemy-still-stops-artillery", NULL) \
	X(test_M35_3_6_8_routed_enemy_still_stops_artillery_met_first, "M35-routed-enemy-still-stops-artillery-met-first", NULL) \
	X(test_M35_3_6_8_touching_routed_enemy_listed_first, "M35-touching-routed-enemy-listed-first", NULL) \
	X(test_M35_3_6_8_touching_routed_enemy_resolves_rout, "M35-touching-routed-enemy-resolves-rout", NULL) \
	X(test_M35_3_6_8_touching_routed_enemy_resolves_rout_met_first, "M35-touching-routed-enemy-resolves-rout-met-first", NULL) \
	X(test_3_9_2_rout_track_crosses_by_the_bridge, "R392-rout-track-crosses-by-the-bridge", NULL)

struct clause {
	const char	*test;
	const char	*file;
	const char	*skip;
};

#define X_ENTRY(fn, file, skip) { #fn, file, skip },

/* The longest scenario file name make dist keeps: 99 characters of a
 * path, less the 30 of "marshal-0.1.0/tests/scenarios/". */
#define DIST_NAME_MAX	69

static const struct clause clauses[] = {
	CLAUSES(X_ENTRY)
};
#define NCLAUSES ((int)(sizeof clauses / sizeof clauses[0]))

static char scendir[PATH_MAX];
static const char *datadir;

static const char *
env_or(const char *name, const char *fallback)
{
	const char *v = getenv(name);

	return v != NULL && *v != '\0' ? v : fallback;
}

static void
dirs_init(void)
{
	if (datadir != NULL)
		return;
	snprintf(scendir, sizeof scendir, "%s/tests/scenarios",
	    env_or("top_srcdir", "."));
	datadir = env_or("MARSHAL_DATA", "data");
}

/* Everything one run needs to explain itself. */
struct run {
	const char	*file;
	struct game	*g;
	struct ruleset	*rs;
	int		 failures;
	struct diags	 scratch;	/* problems in the expect section */
};

static void
fmt_ticks(const struct run *r, int ticks, char *buf, size_t len)
{
	ruleset_fmt(r->rs, ticks, buf, len);
}

/* Print a unit's state and its events, for a failure report. */
static void
dump_unit(const struct run *r, int u)
{
	const struct game *g = r->g;
	const struct unit *un = &g->units[u];
	char moved[32], line[512];
	int i;

	fmt_ticks(r, un->moved, moved, sizeof moved);
	print_error("    actual %s: at [%d, %d] facing %s, %s, %s, moved %s, "
	    "halt %s, musician %s, contact %s\n", un->id, un->pos.x, un->pos.y,
	    dir_name(un->facing), g->rs->form[un->formation].name,
	    cond_name(un->cond), moved, halt_name(un->halt),
	    unit_attr(un, ruleset_attr(g->rs, "musician")) ? "yes" : "no",
	    un->contact >= 0 && un->contact < g->nunits ?
	    g->units[un->contact].id : "none");
	for (i = 0; i < g->log.n; i++) {
		if (g->log.v[i].unit != u)
			continue;
		event_format(&g->log.v[i], line, sizeof line);
		print_error("      turn %d: %s\n", g->log.v[i].turn, line);
	}
}

static void
mismatch(struct run *r, int u, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
mismatch(struct run *r, int u, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	print_error("%s: %s\n", r->file, buf);
	if (u >= 0)
		dump_unit(r, u);
	r->failures++;
}

/* A scalar of the expect section, or fail the test (a broken file). */
static const char *
str_of(const struct doc_node *n, const char *what)
{
	if (n == NULL || n->kind != DOC_SCALAR)
		fail_msg("expect: %s must be a scalar", what);
	return n->str;
}

static int
unit_of(struct run *r, const struct doc_node *n)
{
	const char *id = str_of(n, "unit");
	int u = game_find_unit(r->g, id);

	if (u < 0)
		fail_msg("%s: expect names unknown unit '%s'", r->file, id);
	return u;
}

static void
check_point(struct run *r, int u, const char *what, const struct doc_node *n,
    struct point actual)
{
	long x, y;

	if (n->kind != DOC_SEQ || n->n != 2 ||
	    doc_int(n->items[0], 0, INT_MAX, &x, &r->scratch) != 0 ||
	    doc_int(n->items[1], 0, INT_MAX, &y, &r->scratch) != 0)
		fail_msg("%s: expect %s must be [x, y]", r->file, what);
	if (actual.x != x || actual.y != y)
		mismatch(r, u, "%s: %s expected [%ld, %ld], got [%d, %d]",
		    r->g->units[u].id, what, x, y, actual.x, actual.y);
}

/* The rear cell of the anchor's file: the column's length on the map (the
 * last cell of its trail when it follows a road). */
static struct point
unit_tail(const struct game *g, const struct unit *un)
{
	const struct formation_def *fd = &g->rs->form[un->formation];
	enum dir back = dir_turn(un->facing, 4);
	struct point p = un->pos;
	int depth = geom_span(un->facing, fd->depth[un->arm]);

	if (unit_on_trail(un))
		return un->trail[un->ntrail - 1];
	p.x += (depth - 1) * dir_dx[back];
	p.y += (depth - 1) * dir_dy[back];
	return p;
}

/* Every cell the unit covers, in the order game_footprint gives them. */
static void
check_cells(struct run *r, int u, const struct doc_node *n)
{
	struct point *cells = game_cells_take(r->g);
	long x, y;
	int i, nc;

	nc = game_footprint(r->g, &r->g->units[u], cells);
	if (n->kind != DOC_SEQ)
		fail_msg("%s: expect cells must be a list of [x, y]", r->file);
	if (nc != n->n) {
		mismatch(r, u, "%s: expected %d cells, got %d",
		    r->g->units[u].id, n->n, nc);
		game_cells_give(r->g, cells);
		return;
	}
	for (i = 0; i < nc; i++) {
		if (n->items[i]->kind != DOC_SEQ || n->items[i]->n != 2 ||
		    doc_int(n->items[i]->items[0], 0, INT_MAX, &x,
		    &r->scratch) != 0 ||
		    doc_int(n->items[i]->items[1], 0, INT_MAX, &y,
		    &r->scratch) != 0)
			fail_msg("%s: expect cells must be [x, y]", r->file);
		if (cells[i].x != x || cells[i].y != y)
			mismatch(r, u, "%s: cell %d expected [%ld, %ld], got "
			    "[%d, %d]", r->g->units[u].id, i, x, y,
			    cells[i].x, cells[i].y);
	}
	game_cells_give(r->g, cells);
}

/* expect covers: [x, y]: the cell is one of the unit's footprint. */
static void
check_covers(struct run *r, int u, const struct doc_node *n)
{
	struct point *cells;
	long x, y;
	int i, c;

	if (n->kind != DOC_SEQ || n->n != 2 ||
	    doc_int(n->items[0], 0, INT_MAX, &x, &r->scratch) != 0 ||
	    doc_int(n->items[1], 0, INT_MAX, &y, &r->scratch) != 0)
		fail_msg("%s: expect covers must be [x, y]", r->file);
	cells = game_cells_take(r->g);
	c = game_footprint(r->g, &r->g->units[u], cells);
	for (i = 0; i < c; i++)
		if (cells[i].x == x && cells[i].y == y)
			break;
	game_cells_give(r->g, cells);
	if (i < c)
		return;
	mismatch(r, u, "%s does not cover [%ld, %ld]", r->g->units[u].id, x,
	    y);
}

/*
 * After the turns, every unit still on the field (routers too) stands on
 * each of its cells in the game's occupancy grid (the cells a unit covers
 * are not free ground to the others, 3.6.7), whatever formation, place or
 * facing the turns left it in; and no cell reads as held by a unit that does not
 * cover it (a unit that moved, wheeled or left the field left nothing
 * behind).  Checked on every scenario.
 */
static void
check_occupancy(struct run *r)
{
	const struct game *g = r->g;
	struct point *cells = game_cells_take(g);
	int u, i, n, x, y;
	bool *held = xcalloc((size_t)g->map->w * (size_t)g->map->h,
	    sizeof *held);

	for (u = 0; u < g->nunits; u++) {
		if (cond_gone(g->units[u].cond))
			continue;
		n = game_footprint(g, &g->units[u], cells);
		for (i = 0; i < n; i++) {
			if (!map_inside(g->map, cells[i].x, cells[i].y))
				continue;
			if (game_unit_at(g, cells[i].x, cells[i].y) < 0)
				mismatch(r, u, "%s covers [%d, %d] but the "
				    "cell reads as empty", g->units[u].id,
				    cells[i].x, cells[i].y);
			held[cells[i].y * g->map->w + cells[i].x] = true;
		}
	}
	for (y = 0; y < g->map->h; y++)
		for (x = 0; x < g->map->w; x++)
			if (!held[y * g->map->w + x] &&
			    (u = game_unit_at(g, x, y)) >= 0)
				mismatch(r, u, "[%d, %d] reads as held by %s, "
				    "which does not cover it", x, y,
				    g->units[u].id);
	free(held);
	game_cells_give(g, cells);
}

static void
check_unit(struct run *r, const struct doc_node *e)
{
	const struct game *g = r->g;
	const struct doc_node *n;
	const struct unit *un;
	const char *s;
	char want[32], got[32];
	long ticks, men;
	bool b;
	int u, i;

	if (e->kind != DOC_MAP)
		fail_msg("%s: expect units: entries must be mappings", r->file);
	u = unit_of(r, doc_get(e, "unit"));
	un = &g->units[u];
	for (i = 0; i < e->n; i++) {
		s = e->keys[i]->str;
		n = e->items[i];
		if (strcmp(s, "unit") == 0)
			continue;
		if (strcmp(s, "at") == 0)
			check_point(r, u, "position", n, un->pos);
		else if (strcmp(s, "tail") == 0)
			check_point(r, u, "tail", n, unit_tail(g, un));
		else if (strcmp(s, "cells") == 0)
			check_cells(r, u, n);
		else if (strcmp(s, "facing") == 0) {
			if (strcmp(str_of(n, s), dir_name(un->facing)) != 0)
				mismatch(r, u, "%s: facing expected %s, got %s",
				    un->id, n->str, dir_name(un->facing));
		} else if (strcmp(s, "formation") == 0) {
			if (ruleset_form(g->rs, str_of(n, s)) < 0)
				fail_msg("%s: no formation '%s'", r->file,
				    n->str);
			if (ruleset_form(g->rs, n->str) != un->formation)
				mismatch(r, u, "%s: formation expected %s, "
				    "got %s", un->id, n->str,
				    g->rs->form[un->formation].name);
		} else if (strcmp(s, "condition") == 0) {
			if (strcmp(str_of(n, s), cond_name(un->cond)) != 0)
				mismatch(r, u, "%s: condition expected %s, "
				    "got %s", un->id, n->str,
				    cond_name(un->cond));
		} else if (strcmp(s, "moved") == 0) {
			if (doc_fixed(n, r->rs->ticks, 0, 1000000, &ticks,
			    &r->scratch) != 0)
				fail_msg("%s: bad moved '%s'", r->file,
				    n->str);
			if (ticks != un->moved) {
				fmt_ticks(r, (int)ticks, want, sizeof want);
				fmt_ticks(r, un->moved, got, sizeof got);
				mismatch(r, u, "%s: moved expected %s, got %s",
				    un->id, want, got);
			}
		} else if (strcmp(s, "owed") == 0) {
			if (doc_fixed(n, r->rs->ticks, 0, 1000000, &ticks,
			    &r->scratch) != 0)
				fail_msg("%s: bad owed '%s'", r->file,
				    n->str);
			if (ticks != un->owed) {
				fmt_ticks(r, (int)ticks, want, sizeof want);
				fmt_ticks(r, un->owed, got, sizeof got);
				mismatch(r, u, "%s: owed expected %s, got %s",
				    un->id, want, got);
			}
		} else if (strcmp(s, "strength") == 0) {
			if (doc_int(n, 0, INT_MAX, &men, &r->scratch) != 0)
				fail_msg("%s: bad strength", r->file);
			if (men != un->strength)
				mismatch(r, u, "%s: strength expected %ld, got "
				    "%d", un->id, men, un->strength);
		} else if (strcmp(s, "halt") == 0) {
			if (strcmp(str_of(n, s), halt_name(un->halt)) != 0)
				mismatch(r, u, "%s: halt expected %s, got %s",
				    un->id, n->str, halt_name(un->halt));
		} else if (strcmp(s, "musician") == 0) {
			if (doc_bool(n, &b, &r->scratch) != 0)
				fail_msg("%s: bad musician", r->file);
			if (b != unit_attr(un, ruleset_attr(g->rs, "musician")))
				mismatch(r, u, "%s: musician expected %s",
				    un->id, b ? "present" : "lost");
		} else if (strcmp(s, "colonel") == 0) {
			if (doc_bool(n, &b, &r->scratch) != 0)
				fail_msg("%s: bad colonel", r->file);
			if (b != move_colonel(g, u))
				mismatch(r, u, "%s: colonel expected %s",
				    un->id, b ? "shown (moving)" :
				    "not shown");
		} else if (strcmp(s, "contact") == 0) {
			const char *c = un->contact >= 0 &&
			    un->contact < g->nunits ?
			    g->units[un->contact].id : "none";

			if (strcmp(str_of(n, s), c) != 0)
				mismatch(r, u, "%s: contact expected %s, got "
				    "%s", un->id, n->str, c);
		} else if (strcmp(s, "covers") == 0) {
			check_covers(r, u, n);
		} else
			fail_msg("%s: unknown expect key '%s'", r->file, s);
	}
}

/*
 * expect line: [a, b, ...]: the units stand as one closed line, left to
 * right: one facing, and each one's front rank goes on, with no cell
 * between, from where the one before ends (3.6.3: a wheel keeps the line
 * closed).
 */
static void
check_line(struct run *r, const struct doc_node *n)
{
	const struct game *g = r->g;
	const struct unit *a, *b;
	struct point *fa, *fb, end;
	enum dir right;
	int i, ua, ub, wa;

	if (n->kind != DOC_SEQ || n->n < 2)
		fail_msg("%s: expect line must list two units or more",
		    r->file);
	for (i = 1; i < n->n; i++) {
		ua = unit_of(r, n->items[i - 1]);
		ub = unit_of(r, n->items[i]);
		a = &g->units[ua];
		b = &g->units[ub];
		if (a->facing != b->facing) {
			mismatch(r, ub, "line: %s faces %s, %s faces %s",
			    a->id, dir_name(a->facing), b->id,
			    dir_name(b->facing));
			continue;
		}
		right = dir_turn(a->facing, 2);
		/* Facing a diagonal the front has fewer cells (geom_span). */
		wa = geom_span(a->facing,
		    g->rs->form[a->formation].frontage[a->arm]);
		fa = game_cells_take(g);
		fb = game_cells_take(g);
		(void)game_footprint(g, a, fa);
		(void)game_footprint(g, b, fb);
		/* The first wa cells are the front rank, left to right. */
		end.x = fa[wa - 1].x + dir_dx[right];
		end.y = fa[wa - 1].y + dir_dy[right];
		if (end.x != fb[0].x || end.y != fb[0].y)
			mismatch(r, ub, "line: %s's front ends at [%d, %d], so "
			    "%s's should start at [%d, %d], not [%d, %d]",
			    a->id, fa[wa - 1].x, fa[wa - 1].y, b->id, end.x,
			    end.y, fb[0].x, fb[0].y);
		game_cells_give(g, fb);
		game_cells_give(g, fa);
	}
}

/*
 * The number of events that match unit (or any, -1), rule, fragment and
 * phase (a ruleset phase index, or any, -1).
 */
static int
log_count(const struct game *g, int u, const char *rule, const char *text,
    const char *whole, int phase)
{
	const struct event *e;
	int i, n = 0;

	for (i = 0; i < g->log.n; i++) {
		e = &g->log.v[i];
		if (u >= 0 && e->unit != u)
			continue;
		if (phase >= 0 && e->phase != phase)
			continue;
		if (strcmp(e->rule, rule) != 0)
			continue;
		if (whole != NULL && strcmp(e->text, whole) != 0)
			continue;
		if (text == NULL || strcasestr(e->text, text) != NULL)
			n++;
	}
	return n;
}

static void
check_log(struct run *r, const struct doc_node *e, bool want)
{
	const struct doc_node *un = doc_get(e, "unit");
	const struct doc_node *rule = doc_get(e, "rule");
	const struct doc_node *text = doc_get(e, "contains");
	const struct doc_node *ph = doc_get(e, "phase");
	const struct doc_node *says = doc_get(e, "says");
	const struct doc_node *times = doc_get(e, "times");
	int u = un != NULL ? unit_of(r, un) : -1;
	const char *t = text != NULL ? str_of(text, "contains") : NULL;
	const char *w = says != NULL ? str_of(says, "says") : NULL;
	const char *pk = ph != NULL ? str_of(ph, "phase") : NULL;
	int phase = -1, n;
	long want_n = -1;

	if (times != NULL && doc_int(times, 0, 1000, &want_n, &r->scratch) != 0)
		fail_msg("%s: times must be a count", r->file);
	if (pk != NULL) {
		for (phase = 0; phase < r->rs->nphases; phase++)
			if (strcmp(r->rs->phase_keys[phase], pk) == 0)
				break;
		if (phase == r->rs->nphases)
			fail_msg("%s: no phase '%s'", r->file, pk);
	}
	n = log_count(r->g, u, str_of(rule, "rule"), t, w, phase);
	if (want && want_n >= 0 && n != want_n)
		mismatch(r, u, "event: unit %s, rule %s: %d times, not %ld",
		    u >= 0 ? r->g->units[u].id : "any", rule->str, n, want_n);
	if ((n > 0) == want)
		return;
	mismatch(r, u, "%s event: unit %s, rule %s%s%s%s%s%s%s%s%s",
	    want ? "missing" : "unwanted", u >= 0 ? r->g->units[u].id : "any",
	    rule->str, t != NULL ? ", text containing \"" : "",
	    t != NULL ? t : "", t != NULL ? "\"" : "",
	    w != NULL ? ", text \"" : "", w != NULL ? w : "",
	    w != NULL ? "\"" : "",
	    pk != NULL ? ", in the phase " : "", pk != NULL ? pk : "");
}

static const struct doc_node *
seq_of(const struct doc_node *expect, const char *key)
{
	const struct doc_node *n = doc_get(expect, key);

	if (n != NULL && n->kind != DOC_SEQ)
		fail_msg("expect: %s must be a sequence", key);
	return n;
}

/* Load, play and compare one scenario. */
static void
run_clause(const char *name, const char *skip)
{
	static const char *const ignore[] = { "expect", NULL };
	const struct doc_node *expect, *n;
	struct doc_node *root;
	struct diags d;
	struct run r;
	char path[PATH_MAX + 64];
	long turns = 1, seed;
	int i;

	dirs_init();
	snprintf(path, sizeof path, "%s/%s.yaml", scendir, name);
	diags_init(&d);
	root = yread_file(path, &d);
	if (root == NULL) {
		diags_print(&d, stderr);
		fail_msg("%s: cannot read", path);
	}
	expect = doc_get(root, "expect");
	if (expect == NULL || expect->kind != DOC_MAP)
		fail_msg("%s: no expect section", path);

	memset(&r, 0, sizeof r);
	r.file = name;
	diags_init(&r.scratch);
	r.g = load_scenario_doc(root, scendir, datadir, ignore, &r.rs, &d);
	if (r.g == NULL) {
		diags_print(&d, stderr);
		doc_free(root);
		diags_free(&d);
		fail_msg("%s: does not load", path);
	}
	if (skip != NULL) {
		print_message("%s: skipped: %s\n", name, skip);
		game_free(r.g);
		ruleset_free(r.rs);
		doc_free(root);
		diags_free(&d);
		skip();
		return;
	}

	if ((n = doc_get(expect, "turns")) != NULL &&
	    doc_int(n, 1, 100, &turns, &d) != 0)
		fail_msg("%s: expect turns must be 1..100", path);
	if ((n = doc_get(expect, "seed")) != NULL) {
		if (doc_int(n, 0, LONG_MAX, &seed, &d) != 0)
			fail_msg("%s: bad expect seed", path);
		game_seed(r.g, (uint64_t)seed);
	}
	for (i = 0; i < turns; i++)
		game_turn(r.g);

	if ((n = seq_of(expect, "units")) != NULL)
		for (i = 0; i < n->n; i++)
			check_unit(&r, n->items[i]);
	if ((n = seq_of(expect, "line")) != NULL)
		check_line(&r, n);
	if ((n = seq_of(expect, "log")) != NULL)
		for (i = 0; i < n->n; i++)
			check_log(&r, n->items[i], true);
	if ((n = seq_of(expect, "absent")) != NULL)
		for (i = 0; i < n->n; i++)
			check_log(&r, n->items[i], false);
	check_occupancy(&r);

	game_free(r.g);
	ruleset_free(r.rs);
	doc_free(root);
	diags_free(&d);
	diags_free(&r.scratch);
	if (r.failures != 0)
		fail_msg("%s: %d expectation(s) not met", name, r.failures);
}

#define X_FUNC(fn, file, skip) \
static void fn(void **state) { (void)state; run_clause(file, skip); }
CLAUSES(X_FUNC)

/* Every scenario file is in the table, and every table entry has a file. */
static void
test_every_scenario_listed(void **state)
{
	struct dirent *de;
	char name[256], path[PATH_MAX + 64];
	size_t len;
	int i, orphans = 0, missing = 0, seen[NCLAUSES];
	DIR *dir;
	FILE *f;

	(void)state;
	dirs_init();
	memset(seen, 0, sizeof seen);
	dir = opendir(scendir);
	assert_non_null(dir);
	while ((de = readdir(dir)) != NULL) {
		len = strlen(de->d_name);
		if (len < 6 || strcmp(de->d_name + len - 5, ".yaml") != 0 ||
		    len - 5 >= sizeof name)
			continue;
		memcpy(name, de->d_name, len - 5);
		name[len - 5] = '\0';
		/* make dist writes the old tar format, whose paths hold 99
		 * characters: "marshal-0.1.0/tests/scenarios/" and the name
		 * must fit, or the file is left out of the tarball. */
		if (len > DIST_NAME_MAX) {
			print_error("scenario file name too long for make dist "
			    "(%zu > %d characters): %s\n", len, DIST_NAME_MAX,
			    de->d_name);
			orphans++;
		}
		for (i = 0; i < NCLAUSES; i++)
			if (strcmp(clauses[i].file, name) == 0)
				break;
		if (i == NCLAUSES) {
			print_error("orphan scenario: %s (not in the "
			    "table of test-clauses.c)\n", de->d_name);
			orphans++;
		} else
			seen[i] = 1;
	}
	closedir(dir);
	for (i = 0; i < NCLAUSES; i++) {
		snprintf(path, sizeof path, "%s/%s.yaml", scendir,
		    clauses[i].file);
		if ((f = fopen(path, "r")) != NULL)
			fclose(f);
		if (!seen[i] || f == NULL) {
			print_error("%s: no file %s.yaml\n", clauses[i].test,
			    clauses[i].file);
			missing++;
		}
	}
	assert_int_equal(orphans, 0);
	assert_int_equal(missing, 0);
}

/* Every clause M1..M35 has at least one scenario, named after it. */
static void
test_every_clause_covered(void **state)
{
	char prefix[8];
	int m, i, n, uncovered = 0;

	(void)state;
	for (m = 1; m <= 35; m++) {
		n = snprintf(prefix, sizeof prefix, "M%d-", m);
		for (i = 0; i < NCLAUSES; i++)
			if (strncmp(clauses[i].file, prefix, (size_t)n) == 0)
				break;
		if (i == NCLAUSES) {
			print_error("clause M%d has no scenario\n", m);
			uncovered++;
		}
	}
	assert_int_equal(uncovered, 0);
}

#define X_TEST(fn, file, skip) cmocka_unit_test(fn),

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_scenario_listed),
		cmocka_unit_test(test_every_clause_covered),
		CLAUSES(X_TEST)
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
