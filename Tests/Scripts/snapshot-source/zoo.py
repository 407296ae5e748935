"""Zoo Animal API: animal objects (every value a string except the integer id), measurements in
feet, pounds and years. Image links use Wikimedia Commons' upload URL scheme; constructed."""
from common import *
import hashlib
# name, latin, type, active, len ft (min,max), weight lb (min,max), lifespan, habitat, diet, range, commons file
A = [
 ("Lion", "Panthera leo", "Mammal", "Diurnal", "4.5", "6.5", "265", "420", "15", "Savannah, grassland and open woodland", "Zebra, wildebeest, buffalo and other large hoofed mammals", "Sub-Saharan Africa and the Gir Forest of western India", "Lion_(Panthera_leo)_male.jpg"),
 ("Tiger", "Panthera tigris", "Mammal", "Nocturnal", "5", "6.5", "220", "660", "15", "Tropical forest, mangrove swamp, grassland and taiga", "Deer, wild pigs, buffalo and other large mammals", "South and Southeast Asia and the Russian Far East", "Bengal_tiger_(Panthera_tigris_tigris).jpg"),
 ("Wolf", "Canis lupus", "Mammal", "Nocturnal", "3.3", "5.3", "50", "145", "8", "Forest, tundra, grassland and mountains", "Elk, deer, moose, bison, beavers and hares", "North America, Europe and Asia", "Canis_lupus_in_snow.jpg"),
 ("Brown Bear", "Ursus arctos", "Mammal", "Diurnal", "5", "9", "220", "1320", "25", "Forest, alpine meadow, tundra and coastal areas", "Berries, roots, grasses, salmon, insects and carrion", "North America, Europe and northern Asia", "Ursus_arctos_in_a_meadow.jpg"),
 ("Black Bear", "Ursus americanus", "Mammal", "Diurnal", "4", "6.5", "90", "600", "20", "Deciduous and coniferous forest, swamps", "Berries, nuts, insects, fish and small mammals", "Canada, the United States and northern Mexico", "American_black_bear_(Ursus_americanus).jpg"),
 ("Polar Bear", "Ursus maritimus", "Mammal", "Diurnal", "6", "8.5", "330", "1430", "25", "Arctic sea ice and coastal tundra", "Ringed seals, bearded seals and carrion", "Arctic coasts of Canada, Alaska, Greenland, Norway and Russia", "Polar_bear_on_sea_ice.jpg"),
 ("Crocodile", "Crocodylus niloticus", "Reptile", "Nocturnal", "10", "16", "500", "1650", "45", "Rivers, lakes, marshes and swamps", "Fish, antelope, zebra, birds and other reptiles", "Sub-Saharan Africa and Madagascar", "Nile_crocodile_basking.jpg"),
 ("Elephant", "Loxodonta africana", "Mammal", "Diurnal", "19.7", "24.6", "6000", "13000", "60", "Savannah, forest, desert and marshland", "Grasses, leaves, bark, fruit and roots", "Sub-Saharan Africa", "African_bush_elephant_(Loxodonta_africana).jpg"),
 ("Rhinoceros", "Diceros bicornis", "Mammal", "Nocturnal", "10", "12.3", "1760", "3080", "40", "Savannah, shrubland and grassland", "Leaves, twigs, shoots and fruit of woody plants", "Eastern and Southern Africa", "Black_rhinoceros_(Diceros_bicornis).jpg"),
 ("Camel", "Camelus bactrianus", "Mammal", "Diurnal", "7.5", "11.5", "660", "2200", "40", "Rocky deserts and steppe", "Grasses, shrubs, leaves and other dry vegetation", "Mongolia and northwestern China", "Bactrian_camel_(Camelus_bactrianus).jpg"),
 ("Baboon", "Papio hamadryas", "Mammal", "Diurnal", "1.60", "2.60", "22", "44", "30", "Semi-desert, savannah and rocky cliffs", "Grasses, roots, seeds, fruit, insects and small animals", "Horn of Africa and the southwestern Arabian Peninsula", "Hamadryas_baboon_(Papio_hamadryas).jpg"),
 ("Hyena", "Crocuta crocuta", "Mammal", "Nocturnal", "3", "6", "90", "190", "25", "Savannah, grassland, woodland and semi-desert", "Wildebeest, zebra, antelope and carrion", "Sub-Saharan Africa", "Spotted_hyena_(Crocuta_crocuta).jpg"),
 ("Red Panda", "Ailurus fulgens", "Mammal", "Nocturnal", "1.5", "2", "6.5", "14", "10", "Temperate mountain forest with bamboo undergrowth", "Bamboo, fruit, acorns, roots and eggs", "Himalayas of Nepal, India, Bhutan, Myanmar and China", "Red_panda_(Ailurus_fulgens)_in_a_tree.jpg"),
 ("Masai Giraffe", "Giraffa tippelskirchi", "Mammal", "Diurnal", "13", "17", "1540", "2800", "25", "Savannah and open woodland", "Acacia leaves, shoots and buds", "Kenya and Tanzania", "Masai_giraffe_(Giraffa_tippelskirchi).jpg"),
 ("Grevy's Zebra", "Equus grevyi", "Mammal", "Diurnal", "8.2", "9.8", "770", "990", "22", "Semi-arid grassland and shrubland", "Grasses, with leaves and stems in the dry season", "Kenya and Ethiopia", "Grevy's_zebra_(Equus_grevyi).jpg"),
 ("Snow Leopard", "Panthera uncia", "Mammal", "Nocturnal", "3", "4.3", "48", "120", "18", "Alpine and subalpine mountain zones", "Blue sheep, ibex, marmots and pikas", "Mountains of Central and South Asia", "Snow_leopard_(Panthera_uncia)_on_rocks.jpg"),
 ("Cheetah", "Acinonyx jubatus", "Mammal", "Diurnal", "3.6", "4.9", "75", "140", "12", "Open grassland, savannah and dry forest", "Gazelles, impala, hares and ground birds", "Eastern and Southern Africa and central Iran", "Cheetah_(Acinonyx_jubatus)_resting.jpg"),
 ("Western Lowland Gorilla", "Gorilla gorilla gorilla", "Mammal", "Diurnal", "4", "6", "150", "440", "40", "Tropical rainforest and swamp forest", "Fruit, leaves, stems, bark and termites", "Central Africa", "Western_lowland_gorilla_silverback.jpg"),
 ("Bornean Orangutan", "Pongo pygmaeus", "Mammal", "Diurnal", "3.2", "5", "66", "220", "45", "Lowland tropical rainforest and peat swamp forest ", "Fruit, leaves, bark and insects", "Borneo", "Bornean_orangutan_(Pongo_pygmaeus).jpg"),
 ("Chimpanzee", "Pan troglodytes", "Mammal", "Diurnal", "2.3", "3", "70", "130", "40", "Tropical rainforest, woodland and savannah mosaic", "Fruit, leaves, seeds, insects and occasionally monkeys", "West and Central Africa", "Chimpanzee_(Pan_troglodytes)_sitting.jpg"),
 ("Meerkat", "Suricata suricatta", "Mammal", "Diurnal", "0.80", "1.15", "1.2", "2.10", "12", "Arid savannah and open plains", "Insects, scorpions, lizards, eggs and plants", "Southern Africa", "Meerkat_(Suricata_suricatta)_standing.jpg"),
 ("Aardvark", "Orycteropus afer", "Mammal", "Nocturnal", "3.3", "4.3", "110", "180", "23", "Savannah, grassland and woodland", "Ants and termites", "Sub-Saharan Africa", "Aardvark_(Orycteropus_afer).jpg"),
 ("Giant Anteater", "Myrmecophaga tridactyla", "Mammal", "Diurnal", "3.9", "6.6", "60", "140", "16", "Grassland, savannah and tropical forest", "Ants, termites and soft-bodied insect larvae", "Central and South America", "Giant_anteater_(Myrmecophaga_tridactyla).jpg"),
 ("Capybara", "Hydrochoerus hydrochaeris", "Mammal", "Diurnal", "3.5", "4.4", "77", "146", "10", "Marshes, riverbanks and flooded savannah", "Grasses, aquatic plants, fruit and bark", "South America east of the Andes", "Capybara_(Hydrochoerus_hydrochaeris).jpg"),
 ("Linnaeus's Two-toed Sloth", "Choloepus didactylus", "Mammal", "Nocturnal", "1.8", "2.8", "9", "17", "30", "Tropical rainforest canopy", "Leaves, shoots, flowers and fruit", "Northern South America", "Two-toed_sloth_(Choloepus_didactylus).jpg"),
 ("Okapi", "Okapia johnstoni", "Mammal", "Diurnal", "6.5", "8.2", "440", "770", "25", "Dense tropical rainforest", "Leaves, buds, fruit, ferns and fungi", "Democratic Republic of the Congo", "Okapi_(Okapia_johnstoni).jpg"),
 ("Hippopotamus", "Hippopotamus amphibius", "Mammal", "Nocturnal", "9.5", "16.5", "3000", "9900", "45", "Rivers, lakes and swamps bordered by grassland", "Grasses, with some fruit and aquatic plants", "Sub-Saharan Africa", "Hippopotamus_(Hippopotamus_amphibius).jpg"),
 ("Sea Otter", "Enhydra lutris", "Mammal", "Diurnal", "3.3", "4.9", "30", "100", "20", "Coastal waters with kelp forests", "Sea urchins, crabs, clams, mussels and fish", "North Pacific coasts from Japan to California", "Sea_otter_(Enhydra_lutris)_floating.jpg"),
 ("California Sea Lion", "Zalophus californianus", "Mammal", "Diurnal", "5.5", "8", "220", "850", "25", "Rocky shores, sandy beaches and coastal waters", "Squid, anchovies, sardines, mackerel and octopus", "Pacific coast of North America", "California_sea_lion_(Zalophus_californianus).jpg"),
 ("Red Kangaroo", "Osphranter rufus", "Marsupial", "Nocturnal", "3.2", "5.3", "40", "200", "22", "Desert, grassland and shrubland", "Grasses and forbs", "Mainland Australia", "Red_kangaroo_(Osphranter_rufus).jpg"),
 ("Koala", "Phascolarctos cinereus", "Marsupial", "Nocturnal", "2", "2.8", "9", "30", "15", "Eucalyptus woodland", "Eucalyptus leaves", "Eastern and southeastern Australia", "Koala_(Phascolarctos_cinereus)_in_a_eucalyptus.jpg"),
 ("Tasmanian Devil", "Sarcophilus harrisii", "Marsupial", "Nocturnal", "1.7", "2.6", "9", "26", "6", "Forest, woodland and coastal scrub", "Carrion, wallabies, possums, birds and insects", "Tasmania", "Tasmanian_devil_(Sarcophilus_harrisii).jpg"),
 ("Common Wombat", "Vombatus ursinus", "Marsupial", "Nocturnal", "2.8", "3.9", "44", "77", "15", "Forest, heathland and mountain grassland", "Grasses, sedges, roots and bark", "Southeastern Australia and Tasmania", "Common_wombat_(Vombatus_ursinus).jpg"),
 ("Emperor Penguin", "Aptenodytes forsteri", "Bird", "Diurnal", "3.6", "4.3", "50", "100", "20", "Antarctic sea ice and surrounding ocean", "Fish, krill and squid", "Antarctica", "Emperor_penguins_(Aptenodytes_forsteri).jpg"),
 ("Bald Eagle", "Haliaeetus leucocephalus", "Bird", "Diurnal", "2.3", "3.1", "6.6", "14", "25", "Near lakes, rivers, marshes and coasts", "Fish, waterfowl, small mammals and carrion", "North America", "Bald_eagle_(Haliaeetus_leucocephalus)_in_flight.jpg"),
 ("Snowy Owl", "Bubo scandiacus", "Bird", "Diurnal", "1.7", "2.3", "3.5", "6.5", "10", "Arctic tundra; open fields and shorelines in winter", "Lemmings, voles, hares and birds", "Circumpolar Arctic", "Snowy_owl_(Bubo_scandiacus).jpg"),
 ("Scarlet Macaw", "Ara macao", "Bird", "Diurnal", "2.70", "3.00", "2.2", "2.6", "50", "Humid lowland forest and wooded savannah", "Seeds, nuts, fruit, flowers and  clay from riverbanks", "Southern Mexico to the Amazon basin", "Scarlet_macaw_(Ara_macao).jpg"),
 ("Chilean Flamingo", "Phoenicopterus chilensis", "Bird", "Diurnal", "3.3", "4.3", "5.5", "7.7", "40", "Shallow saline lakes, lagoons and estuaries", "Algae, brine shrimp and small invertebrates", "Temperate South America", "Chilean_flamingo_(Phoenicopterus_chilensis).jpg"),
 ("Southern Cassowary", "Casuarius casuarius", "Bird", "Diurnal", "4.9", "5.9", "130", "155", "40", "Tropical rainforest", "Fallen fruit, fungi, snails and small vertebrates", "New Guinea and northeastern Australia", "Southern_cassowary_(Casuarius_casuarius).jpg"),
 ("Ostrich", "Struthio camelus", "Bird", "Diurnal", "6.9", "9.2", "350", "220", "40", "Savannah, semi-desert and open grassland", "Seeds, shrubs, grass, fruit, flowers and insects", "Africa south of the Sahara", "Common_ostrich_(Struthio_camelus).jpg"),
 ("Komodo Dragon", "Varanus komodoensis", "Reptile", "Diurnal", "6.5", "10", "150", "200", "30", "Tropical savannah and dry monsoon forest", "Deer, pigs, water buffalo and carrion", "Indonesian islands of Komodo, Rinca, Flores and Gili Motang", "Komodo_dragon_(Varanus_komodoensis).jpg"),
 ("Galápagos Giant Tortoise", "Chelonoidis niger", "Reptile", "Diurnal", "3", "5", "330", "660", "100", "Dry lowlands and humid highlands", "Cacti, grasses, leaves and fruit", "Galápagos Islands", "Galápagos_giant_tortoise_(Chelonoidis_niger).jpg"),
 ("Green Anaconda", "Eunectes murinus", "Reptile", "Nocturnal", "15", "22", "150", "250", "10", "Swamps, marshes and slow-moving streams", "Capybara, deer, caiman, birds and fish", "Tropical South America", "Green_anaconda_(Eunectes_murinus).jpg"),
 ("Gila Monster", "Heloderma suspectum", "Reptile", "Diurnal", "1", "1.8", "1.3", "5", "20", "Desert scrub and rocky foothills", "Eggs, nestling birds and small mammals", "Southwestern United States and northwestern Mexico", "Gila_monster_(Heloderma_suspectum).jpg"),
 ("Axolotl", "Ambystoma mexicanum", "Amphibian", "Nocturnal", "0.50", "1.00", "0.13", "0.5", "12", "Freshwater lakes and canals", "Worms, insect larvae, crustaceans and small fish", "Lake Xochimilco, Mexico", "Axolotl_(Ambystoma_mexicanum).jpg"),
 ("Blue Poison Dart Frog", "Dendrobates tinctorius", "Amphibian", "Diurnal", "0.10", "0.15", "0.010", "0.018", "10", "Rainforest floor near streams", "Ants, termites, beetles and other small insects", "Southern Suriname and northern Brazil", "Blue_poison_dart_frog_(Dendrobates_tinctorius_azureus).jpg"),
 ("Japanese Giant Salamander", "Andrias japonicus", "Amphibian", "Nocturnal", "2", "5", "10", "55", "52", "Cold, fast-flowing mountain rivers", "Fish, crabs, insects and frogs", "Honshu, Kyushu and Shikoku, Japan", "Japanese_giant_salamander_(Andrias_japonicus).jpg"),
 ("American Bullfrog", "Lithobates catesbeianus", "Amphibian", "Nocturnal", "0.3", "0.66", "0.5", "1.5", "9", "Ponds, lakes and slow streams with dense vegetation", "Insects, crayfish, fish, frogs and small snakes", "Eastern and central North America", "American_bullfrog_(Lithobates_catesbeianus).jpg"),
 ("Red Lionfish", "Pterois volitans", "Fish", "Nocturnal", "1", "1.25", "1", "2.6", "15", "Coral reefs and lagoons", "Small fish, shrimp and crabs", "Indo-Pacific; introduced to the western Atlantic", "Red_lionfish_(Pterois_volitans).jpg"),
 ("Fennec Fox", "Vulpes zerda", "Mammal", "Nocturnal", "0.8", "1.3", "1.5", "3.5", "14", "Sandy desert", "Insects, rodents, eggs, lizards and roots", "Sahara Desert and the Sinai Peninsula", "Fennec_fox_(Vulpes_zerda).jpg"),
]
def commons(file):
    m = hashlib.md5(file.encode("utf-8")).hexdigest()
    from urllib.parse import quote
    return f"https://upload.wikimedia.org/wikipedia/commons/{m[0]}/{m[:2]}/{quote(file)}"
def main():
    out = []
    for i, (name, latin, typ, act, lmin, lmax, wmin, wmax, life, hab, diet, geo, file) in enumerate(A):
        out.append({"name": name, "latin_name": latin, "animal_type": typ, "active_time": act,
                    "length_min": lmin, "length_max": lmax, "weight_min": wmin, "weight_max": wmax,
                    "lifespan": life, "habitat": hab, "diet": diet, "geo_range": geo,
                    "image_link": commons(file), "id": 0})
    # ids: stable, unique, not contiguous (the upstream's ids have gaps); array sorted by id
    order = sorted(range(len(out)), key=lambda i: out[i]["name"].lower())
    for rank, i in enumerate(order):
        out[i]["id"] = 3 + rank * 4 + h(out[i]["name"]) % 3
    out.sort(key=lambda a: a["id"])
    write("zoo/animals.json", out, indent=1)
    print(len(out), "animals")
if __name__ == "__main__":
    main()
